import { Box, Heading } from '@chakra-ui/react';
import { inlineErrors } from './registration-form';
import { ModeChoice, RegistrationFields } from './registration-fields';
import type { useRegistration } from './use-registration';

/** Registration Details: the choice of guest, new or existing client, and that mode's fields. */
export function RegistrationSection({
  headingId,
  idPrefix,
  registration,
  isReturnTrip,
}: {
  headingId: string;
  idPrefix: string;
  registration: ReturnType<typeof useRegistration>;
  isReturnTrip: boolean;
}) {
  const { modes, mode, form, data, changeMode, changeData } = registration;
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        Registration Details
      </Heading>
      <ModeChoice
        name={`${idPrefix}-mode`}
        modes={modes}
        mode={mode}
        onChange={changeMode}
        labelledBy={headingId}
      />
      <Box mt={5}>
        <RegistrationFields
          idPrefix={idPrefix}
          mode={mode}
          data={data}
          errors={inlineErrors(form.formState.errors)}
          isReturnTrip={isReturnTrip}
          onText={changeData}
          onCheck={changeData}
          onExistingClient={
            modes.includes('existing_client')
              ? () => {
                  changeMode('existing_client');
                  // The email came along: the password is what is left to give.
                  window.setTimeout(() => document.getElementById(`${idPrefix}-password`)?.focus());
                }
              : undefined
          }
        />
      </Box>
    </Box>
  );
}
