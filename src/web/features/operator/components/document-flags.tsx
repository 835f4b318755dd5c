import { Flex, Text } from '@chakra-ui/react';
import type { DocumentStatus, VehicleDocuments } from '../../../../contract/vehicle-documents';
import { formatDateGB } from '../../../../domain/time';
import { documentFlags, documentName, statusFlag } from '../lib/vehicle-text';
import { Tag } from './table-parts';

const TONE = {
  refuses: { bg: 'red.100', color: 'red.900' },
  warns: { bg: 'orange.100', color: 'orange.900' },
} as const;

/**
 * A vehicle's documents that need attention, each as a tag naming it ("MOT: Expires in 12
 * days"); nothing when all are in date. The server judges each in UK time.
 */
export function DocumentFlags({ documents }: { documents: VehicleDocuments }) {
  const flags = documentFlags(documents);
  if (flags.length === 0) return null;
  return (
    <Flex gap={1} flexWrap="wrap" mt={1}>
      {flags.map((flag) => (
        <Tag key={flag.document} {...(flag.refuses ? TONE.refuses : TONE.warns)}>
          {`${documentName(flag.document)}: ${flag.text}`}
        </Tag>
      ))}
    </Flex>
  );
}

/** One document's cell: its expiry as a UK date (dd/mm/yyyy) and its flag. */
export function DocumentCell({ status }: { status: DocumentStatus }) {
  const flag = statusFlag(status);
  const refuses = status.state === 'expired' || status.state === 'missing';
  return (
    <>
      {status.expiry ? <Text>{formatDateGB(status.expiry)}</Text> : null}
      {flag ? <Tag {...(refuses ? TONE.refuses : TONE.warns)}>{flag}</Tag> : null}
    </>
  );
}
