import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { DriverMe } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { useSetDuty } from '../api/set-duty';
import { PushButton } from './push-button';

/** The switch's look: a track with its knob at the end that says which way it is. */
function SwitchTrack({ on }: { on: boolean }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      position="relative"
      display="inline-block"
      w="44px"
      h="26px"
      rounded="full"
      bg={on ? 'green.600' : 'gray.500'}
      transition="background 0.15s"
    >
      <Box
        as="span"
        position="absolute"
        top="3px"
        left={on ? '21px' : '3px'}
        w="20px"
        h="20px"
        rounded="full"
        bg="white"
        transition="left 0.15s"
      />
    </Box>
  );
}

/**
 * On duty (a switch, POST /driver/duty): while on, the office sees the driver on its map. Shows
 * the new position at once and goes back if the server did not take it. Below it, what the
 * app can and cannot do with the position, and the notifications' button.
 */
export function DutyPanel({ driver }: { driver: DriverMe }) {
  const duty = useSetDuty();
  const [failure, setFailure] = useState<string | null>(null);
  const on = duty.isPending ? duty.variables : driver.on_duty;

  const toggle = async () => {
    setFailure(null);
    try {
      await duty.mutateAsync(!driver.on_duty);
    } catch (error) {
      console.error('Could not change duty', error);
      setFailure(DRIVER_APP_MESSAGES.dutyFailed);
    }
  };

  return (
    <Box layerStyle="card" bg="white" p={4} mb={5}>
      <Flex alignItems="center" gap={3} flexWrap="wrap">
        <Button
          type="button"
          role="switch"
          aria-checked={on}
          variant="ghost"
          size="lg"
          px={2}
          gap={3}
          onClick={() => void toggle()}
          disabled={duty.isPending}
        >
          <SwitchTrack on={on} />
          On duty
        </Button>
        <PushButton publicKey={driver.push_public_key} />
      </Flex>
      {failure ? (
        <Text role="alert" color="red.800" mt={2}>
          {failure}
        </Text>
      ) : null}
      <Text fontSize="sm" color="gray.700" mt={2}>
        {on ? `${DRIVER_APP_MESSAGES.onDutyHint} ` : ''}
        {DRIVER_APP_MESSAGES.positionNotice}
      </Text>
    </Box>
  );
}
