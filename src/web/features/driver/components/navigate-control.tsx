import { Box, Flex, Link } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { DriverJob } from '../../../../contract/driver';
import {
  NAVIGATION_APP_LABELS,
  NAVIGATION_APPS,
  type NavigationApp,
} from '../../../../domain/driver-app-messages';
import { FieldLabel, NativeSelect, Options } from '../../../components/form/fields';
import {
  directionsUrl,
  nextPoints,
  readNavigationApp,
  saveNavigationApp,
} from '../lib/navigation-apps';

const APP_OPTIONS = NAVIGATION_APPS.map((app) => ({
  value: app,
  label: NAVIGATION_APP_LABELS[app],
}));

/**
 * Navigate: directions to the next point (the pickup, then the stops and the drop-off) in the
 * driver's maps app, chosen beside it and remembered on the phone.
 */
export function NavigateControl({ job }: { job: Pick<DriverJob, 'points' | 'status'> }) {
  const selectId = useId();
  const [app, setApp] = useState<NavigationApp>(readNavigationApp);
  const url = directionsUrl(app, nextPoints(job));
  const choose = (value: string) => {
    const chosen = NAVIGATION_APPS.find((candidate) => candidate === value);
    if (!chosen) return;
    setApp(chosen);
    saveNavigationApp(chosen);
  };
  return (
    <Flex gap={3} alignItems="flex-end" flexWrap="wrap">
      {url ? (
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          display="inline-flex"
          alignItems="center"
          px={5}
          h={12}
          rounded="md"
          bg="brand.600"
          color="white"
          fontWeight="semibold"
          textDecoration="none"
          _hover={{ bg: 'brand.700' }}
        >
          Navigate
        </Link>
      ) : null}
      <Box>
        <FieldLabel htmlFor={selectId}>Navigate with</FieldLabel>
        <NativeSelect id={selectId} value={app} onChange={(event) => choose(event.target.value)}>
          <Options options={APP_OPTIONS} />
        </NativeSelect>
      </Box>
    </Flex>
  );
}
