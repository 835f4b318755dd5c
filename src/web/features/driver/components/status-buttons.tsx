import { UK_TIME_ZONE } from '../../../../domain/time';
import { Button, Flex, Text } from '@chakra-ui/react';
import type { DriverJob } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES, DRIVER_STEP_LABELS } from '../../../../domain/driver-app-messages';
import { AlertMessage } from '../../../components/status-panels';
import { useNow } from '../hooks/use-now';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import { useStatusPress } from '../hooks/use-status-press';
import { pendingPress, stepChoice } from '../lib/job-steps';
import type { PressRecord } from '../offline/driver-db';

/** "14:47", UK time, for when No-show opens. */
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: UK_TIME_ZONE,
});

const ukDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeZone: UK_TIME_ZONE });

/** "14:47" today; with its day when No-show opens another day (a pickup time still ahead). */
function noShowWhen(iso: string, now: number): string {
  const at = new Date(iso);
  return ukDay.format(at) === ukDay.format(now) ? clock.format(at) : formatUkMoment(iso);
}

/**
 * The driver's own steps, as the server allows them now (next_statuses), or after a press it has
 * not answered for yet, the steps that follow that press. No-show appears once the wait at the
 * pickup is over (no_show_from), while the page is open.
 */
export function StatusButtons({
  job,
  fetchedAt,
  presses,
  driverId,
}: {
  job: Pick<DriverJob, 'job_ref' | 'next_statuses' | 'no_show_from'>;
  /** When the page's copy of the job came from the server (ms). */
  fetchedAt: number;
  presses: readonly PressRecord[];
  driverId: number;
}) {
  const pending = pendingPress(presses, fetchedAt);
  const waitsForNoShow = !pending && job.no_show_from !== null;
  const now = useNow(5_000, waitsForNoShow);
  const { steps, noShowFrom } = stepChoice(job, pending, now);
  const { press, pressing, failure } = useStatusPress(driverId, job.job_ref);

  if (steps.length === 0 && !noShowFrom) return null;
  return (
    <Flex direction="column" gap={3}>
      <Flex role="group" aria-label="Status" direction="column" gap={3}>
        {steps.map((step) => (
          <Button
            key={step}
            type="button"
            size="xl"
            colorPalette={step === 'no_show' ? 'red' : 'brand'}
            variant={step === 'no_show' ? 'outline' : 'solid'}
            loading={pressing === step}
            disabled={pressing !== null && pressing !== step}
            onClick={() => void press(step)}
          >
            {DRIVER_STEP_LABELS[step]}
          </Button>
        ))}
      </Flex>
      {noShowFrom ? (
        <Text color="gray.700">{DRIVER_APP_MESSAGES.noShowFrom(noShowWhen(noShowFrom, now))}</Text>
      ) : null}
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
    </Flex>
  );
}
