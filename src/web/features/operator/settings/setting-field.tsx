import { Box, Code, Flex, Text } from '@chakra-ui/react';
import type { SettingEntry } from '../../../../contract/operator-settings';
import { FieldError, FieldLabel, TextInput } from '../../../components/form/fields';
import { boundsText, switchIsOn } from './settings-draft';

/** The label's visible text: the plain-English name, with the setting's own name beside it. */
function SettingLabel({ entry, htmlFor }: { entry: SettingEntry; htmlFor: string }) {
  return (
    <FieldLabel
      htmlFor={htmlFor}
      style={{ marginBottom: 0, fontSize: 'var(--chakra-font-sizes-md)' }}
    >
      {entry.label}{' '}
      <Code fontSize="xs" colorPalette="gray" fontWeight="normal">
        {entry.name}
      </Code>
    </FieldLabel>
  );
}

function hintOf(entry: SettingEntry): string {
  return [entry.hint, boundsText(entry)].filter(Boolean).join(' ');
}

/**
 * One setting: a switch for enable/disable and yes/no, a number with its unit and bounds, or
 * text; the refusal under it names it. The hint and the error describe the control.
 */
export function SettingField({
  entry,
  value,
  error,
  onChange,
}: {
  entry: SettingEntry;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `setting-${entry.name}`;
  const hint = hintOf(entry);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const described = {
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? (true as const) : undefined,
  };

  if (entry.kind === 'switch') {
    const on = switchIsOn(entry, value);
    return (
      <Box py={3}>
        <Flex alignItems="center" gap={3}>
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={on}
            onChange={(event) => onChange(event.target.checked ? entry.on! : entry.off!)}
            style={{
              width: '1.25rem',
              height: '1.25rem',
              accentColor: 'var(--chakra-colors-brand-600)',
            }}
            {...described}
          />
          <SettingLabel entry={entry} htmlFor={id} />
          <Text fontSize="sm" color="gray.700" aria-hidden="true">
            {on ? 'On' : 'Off'}
          </Text>
        </Flex>
        {hint ? (
          <Text id={`${id}-hint`} fontSize="sm" color="gray.700" ms={8}>
            {hint}
          </Text>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
      </Box>
    );
  }

  const isNumber = entry.kind === 'number';
  return (
    <Box py={3}>
      <SettingLabel entry={entry} htmlFor={id} />
      {hint ? (
        <Text id={`${id}-hint`} fontSize="sm" color="gray.700" mb={1}>
          {hint}
        </Text>
      ) : null}
      <Flex alignItems="center" gap={2} maxW={isNumber ? '16rem' : '32rem'}>
        {entry.unit === '£' ? <Text aria-hidden="true">£</Text> : null}
        <TextInput
          id={id}
          value={value}
          // Text, not type=number: what is typed stays visible, and a refused value is explained.
          inputMode={isNumber ? (entry.decimals === 2 ? 'decimal' : 'numeric') : undefined}
          type={entry.name === 'FROM_EMAIL' ? 'email' : 'text'}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          {...described}
        />
        {isNumber && entry.unit !== '£' ? <Text whiteSpace="nowrap">{entry.unit}</Text> : null}
      </Flex>
      <FieldError id={`${id}-error`} message={error} />
    </Box>
  );
}
