import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import { TextField } from '../../../components/form/fields';
import { useEditProfile } from '../hooks/use-edit-profile';
import { formatMoment } from '../lib/format';
import { CorporateShell, type CorporateContext } from './corporate-shell';
import { DeviceCopyNotice } from './device-copy-notice';
import { NoticeDialog } from './notice-dialog';

function EditProfile({ session, verified, setPassenger, signOutToLogin }: CorporateContext) {
  const headingId = useId();
  const { field, emailChanges, submit, saving, notice, closeNotice } = useEditProfile({
    session,
    setPassenger,
    signOutToLogin,
  });

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      layerStyle="card"
      bg="white"
      p={{ base: 5, md: 8 }}
      maxW="xl"
    >
      <Heading as="h2" id={headingId} size="xl" mb={5} color="gray.900">
        Edit Profile
      </Heading>
      {!verified && session.savedAt !== undefined ? (
        <DeviceCopyNotice lastUpdated={formatMoment(session.savedAt)} />
      ) : null}
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <Flex direction="column" gap={4}>
          <TextField
            id="profile-name"
            label="Name"
            {...field('name')}
            autoComplete="name"
            required
            maxLength={200}
          />
          <TextField
            id="profile-email"
            label="Email"
            {...field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
          />
          <TextField
            id="profile-phone"
            label="Phone"
            {...field('phone')}
            type="tel"
            autoComplete="tel"
            maxLength={30}
          />
          {emailChanges && (
            <TextField
              id="profile-current-password"
              label="Current password"
              {...field('currentPassword')}
              name="current-password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
            />
          )}
        </Flex>
        <Button type="submit" colorPalette="brand" mt={6} loading={saving}>
          Save
        </Button>
      </form>
      <NoticeDialog notice={notice} onClose={closeNotice} />
    </Box>
  );
}

/** /my-account (spec section 2): the passenger's 'Edit Profile' card. */
export function MyAccountPage() {
  return (
    <CorporateShell title="My Account">{(context) => <EditProfile {...context} />}</CorporateShell>
  );
}
