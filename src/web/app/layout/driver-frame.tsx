import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { ChakraScope, loadChakraTheme } from '../../components/chakra/chakra-scope';
import { DRIVER_MANIFEST, useAppManifest } from '../../pwa/app-manifest';
import { startServiceWorkerWhenLoaded } from '../../pwa/start-service-worker';
import { UpdatePrompt } from '../../pwa/update-prompt';
import { RouteFallback } from './route-fallback';

/**
 * Every page of the driver's app (/driver/…), before its own chunk has loaded: the app's own
 * manifest, so it installs as "RideBook Driver", and the service worker, which serves these
 * pages offline and shows the app's push notifications (the passenger site's layout starts it
 * for its pages; the driver never passes through them).
 */
function DriverFrameView() {
  useAppManifest(DRIVER_MANIFEST);
  useEffect(() => startServiceWorkerWhenLoaded(), []);
  return (
    <>
      <ChakraScope fallback={<RouteFallback />}>
        <Outlet />
      </ChakraScope>
      <UpdatePrompt />
    </>
  );
}

/** `preload` fetches Chakra ahead of a visit, as for the screens (router.tsx, preloadRoute). */
export const DriverFrame = Object.assign(DriverFrameView, { preload: loadChakraTheme });
