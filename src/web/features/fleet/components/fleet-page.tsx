import { Box, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useCompanies } from '../../../api/get-companies';
import { useVehicles } from '../../../api/get-vehicles';
import { FleetGrid } from '../../../components/fleet-grid';
import { BuildingIcon } from '../../../components/icons';
import { LoadingBlock } from '../../../components/loading-block';

function FleetHeading() {
  return (
    <>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Our Fleet
      </Heading>
      <Text color="gray.700" mb={8}>
        From saloons to minibuses, every vehicle is licensed and driven by a vetted local driver.
      </Text>
    </>
  );
}

/** /ourfleet: every fleet category and the operator companies behind them. */
export function FleetPage() {
  const vehicles = useVehicles();
  const companies = useCompanies();
  // Both lists appear together, so the operators never jump down as the fleet arrives.
  if (vehicles.isPending || companies.isPending) {
    return (
      <Container maxW="6xl" py={{ base: 8, md: 12 }}>
        <FleetHeading />
        <LoadingBlock label="Loading our fleet" />
      </Container>
    );
  }
  return (
    <Container maxW="6xl" py={{ base: 8, md: 12 }}>
      <FleetHeading />
      {vehicles.isError ? (
        <Text color="gray.700">
          Fleet details are unavailable right now. Please try again later.
        </Text>
      ) : null}
      {vehicles.isSuccess ? (
        <FleetGrid vehicles={vehicles.data} headingLevel="h2" firstRowFirst />
      ) : null}

      <Box as="section" aria-labelledby="operators-heading" mt={12}>
        <Heading as="h2" id="operators-heading" size="2xl" mb={4} color="gray.900">
          Our Operators
        </Heading>
        {companies.isSuccess && companies.data.length > 0 ? (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap={3}>
            {companies.data.map((company) => (
              <Box
                as="li"
                key={company.id}
                display="flex"
                alignItems="center"
                gap={3}
                layerStyle="card"
                px={4}
                py={3}
                color="gray.800"
                fontWeight="medium"
              >
                <Box color="brand.fg">
                  <BuildingIcon />
                </Box>
                {company.company.company_name}
              </Box>
            ))}
          </SimpleGrid>
        ) : null}
        {companies.isError || (companies.isSuccess && companies.data.length === 0) ? (
          <Text color="gray.700">Our licensed operators will be listed here.</Text>
        ) : null}
      </Box>
    </Container>
  );
}
