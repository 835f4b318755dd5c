/** Class names joined for a className, the ones left out (false, undefined) dropped. */
export function classNames(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
