import { Box } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useQueuedStatus } from '../../offline/use-outbox';

export type NoticeTone = 'success' | 'queued' | 'error';

/**
 * A form's last outcome. A queued one names its outbox row, and the text to show once that
 * row has been delivered.
 */
export type FormNotice =
  | { tone: 'success' | 'error'; text: string }
  | { tone: 'queued'; text: string; idempotencyKey: string; sentText: string };

const NOTICE_COLOURS = {
  success: { borderColor: 'green.300', bg: 'green.50', color: 'green.900' },
  queued: { borderColor: 'blue.200', bg: 'blue.50', color: 'blue.900' },
  error: { borderColor: 'red.300', bg: 'red.50', color: 'red.800' },
} as const;

/** A form's message above its fields, coloured by what happened. */
export function NoticeBox({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="md" px={3} py={2} mb={4} {...NOTICE_COLOURS[tone]}>
      {children}
    </Box>
  );
}

/**
 * What to show for `notice` now: a queued one becomes its sent text once delivered; once
 * refused it goes, as the outbox list says why in its own alert.
 */
function currentNotice(
  notice: FormNotice | null,
  queued: ReturnType<typeof useQueuedStatus>,
): { tone: NoticeTone; text: string } | null {
  if (notice?.tone !== 'queued') return notice;
  if (queued === 'delivered') return { tone: 'success', text: notice.sentText };
  if (queued === 'refused') return null;
  return notice;
}

/**
 * The outcome of a form's last try: sent and saved notes in a polite status region, a failure
 * in an alert region. Both regions stay in the page while empty, so each new text is announced.
 * A new outcome is scrolled into view: after a submit at the foot of a long form on a phone,
 * the top of the form is off screen.
 */
export function FormNotices({ notice }: { notice: FormNotice | null }) {
  const regions = useRef<HTMLDivElement>(null);
  const queued = useQueuedStatus(notice?.tone === 'queued' ? notice.idempotencyKey : undefined);
  const shown = currentNotice(notice, queued);
  useEffect(() => {
    if (notice) regions.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  const box = (tones: NoticeTone[]) =>
    shown && tones.includes(shown.tone) ? (
      <NoticeBox tone={shown.tone}>{shown.text}</NoticeBox>
    ) : null;
  return (
    <Box ref={regions} scrollMarginTop="4" scrollMarginBottom="4">
      <Box role="status" aria-live="polite">
        {box(['success', 'queued'])}
      </Box>
      <Box role="alert">{box(['error'])}</Box>
    </Box>
  );
}
