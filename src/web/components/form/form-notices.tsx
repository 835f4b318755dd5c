import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'queued' | 'error';
export type FormNotice = { tone: NoticeTone; text: string };

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
 * The outcome of a form's last try: sent and saved notes in a polite status region, a failure
 * in an alert region. Both regions stay in the page while empty, so each new text is announced.
 */
export function FormNotices({ notice }: { notice: FormNotice | null }) {
  const box = (tones: NoticeTone[]) =>
    notice && tones.includes(notice.tone) ? (
      <NoticeBox tone={notice.tone}>{notice.text}</NoticeBox>
    ) : null;
  return (
    <>
      <Box role="status" aria-live="polite">
        {box(['success', 'queued'])}
      </Box>
      <Box role="alert">{box(['error'])}</Box>
    </>
  );
}
