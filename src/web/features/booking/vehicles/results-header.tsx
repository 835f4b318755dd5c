import { Button, chakra, Flex, Heading } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import type { ResultsView } from './vehicle-card';

function ViewToggle({
  view,
  onChange,
}: {
  view: ResultsView;
  onChange: (view: ResultsView) => void;
}) {
  const option = (value: ResultsView, label: string) => (
    <chakra.button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      px={{ base: 2, md: 3 }}
      minH="40px"
      fontSize="sm"
      fontWeight="semibold"
      bg={view === value ? 'brand.solid' : 'white'}
      color={view === value ? 'brand.contrast' : 'gray.800'}
      borderWidth="1px"
      borderColor="brand.solid"
      cursor="pointer"
      _first={{ roundedLeft: 'md' }}
      _last={{ roundedRight: 'md', borderLeftWidth: 0 }}
    >
      {label}
    </chakra.button>
  );
  return (
    <Flex role="group" aria-label="Results layout">
      {option('list', 'List view')}
      {option('grid', 'Grid view')}
    </Flex>
  );
}

/** The results page's sticky bar: Back, the page's heading and the list or grid choice. */
export function ResultsHeader({
  view,
  onViewChange,
}: {
  view: ResultsView;
  onViewChange: (view: ResultsView) => void;
}) {
  return (
    <Flex
      position="sticky"
      top={0}
      zIndex="sticky"
      bg="gray.50"
      py={2}
      mb={4}
      gap={{ base: 2, md: 3 }}
      alignItems="center"
      justifyContent="space-between"
      flexWrap="wrap"
      borderBottomWidth="1px"
      borderColor="gray.200"
    >
      <Flex alignItems="center" gap={{ base: 2, md: 3 }}>
        <Button asChild variant="outline" size="sm" bg="white">
          <RouterLink to={ROUTES.home}>Back</RouterLink>
        </Button>
        <Heading as="h1" size={{ base: 'lg', md: '2xl' }} color="gray.900">
          Top results
        </Heading>
      </Flex>
      <ViewToggle view={view} onChange={onViewChange} />
    </Flex>
  );
}
