import { Box, Button, chakra, Text } from '@chakra-ui/react';
import type { PriceVersionWire } from '../../../../../contract/operator-prices';
import { formatUkMoment } from '../../../../lib/format-uk-moment';

/** History: each saved version of the company's prices, newest first, with Restore. */
export function PriceHistory({
  versions,
  restoring,
  onRestore,
}: {
  versions: PriceVersionWire[];
  restoring: boolean;
  onRestore: (version: PriceVersionWire) => void;
}) {
  if (versions.length === 0) {
    return <Text>No saved versions yet: the first save keeps today's prices as version 1.</Text>;
  }
  return (
    <Box overflowX="auto">
      <chakra.table width="100%" fontSize="sm">
        <caption style={{ textAlign: 'left' }}>
          Saved versions of these prices, newest first
        </caption>
        <thead>
          <tr>
            <chakra.th textAlign="left" p={2}>
              Version
            </chakra.th>
            <chakra.th textAlign="left" p={2}>
              Saved
            </chakra.th>
            <chakra.th textAlign="left" p={2}>
              By
            </chakra.th>
            <chakra.th textAlign="left" p={2}>
              What changed
            </chakra.th>
            <chakra.th textAlign="left" p={2}>
              Action
            </chakra.th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <chakra.tr key={version.id} borderTopWidth="1px">
              <chakra.td p={2}>
                {version.number}
                {version.current ? ' (current)' : ''}
              </chakra.td>
              <chakra.td p={2}>{formatUkMoment(version.created_at)}</chakra.td>
              <chakra.td p={2}>{version.operator_name}</chakra.td>
              <chakra.td p={2}>
                <Text fontWeight="semibold">{version.summary}</Text>
                <chakra.ul pl={5} listStyleType="disc">
                  {version.changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </chakra.ul>
              </chakra.td>
              <chakra.td p={2}>
                {version.current ? null : (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    loading={restoring}
                    onClick={() => onRestore(version)}
                  >
                    Restore version {version.number}
                  </Button>
                )}
              </chakra.td>
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
