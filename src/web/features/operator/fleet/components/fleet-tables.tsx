import { Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { FleetCategory, FleetOffering } from '../../../../../contract/operator-fleet';
import { vehicleImageUrl } from '../../../../../domain/fleet';
import { RowButton } from '../../components/row-button';
import { Cell, RowHead, ScrollTable } from '../../components/table-parts';

/** A picture as the fleet card shows it (400 × 200), small. */
function Thumbnail({ picture, alt }: { picture: string; alt: string }) {
  return (
    <img
      src={vehicleImageUrl(picture)}
      alt={alt}
      width={96}
      height={48}
      loading="lazy"
      style={{ aspectRatio: '2 / 1', objectFit: 'cover', borderRadius: 4 }}
    />
  );
}

/** The admin's categories, each with Edit, Upload picture and Deactivate (or Reactivate). */
export function CategoriesTable({
  categories,
  busy,
  onEdit,
  onPicture,
  onSetActive,
}: {
  categories: readonly FleetCategory[];
  busy: boolean;
  onEdit: (category: FleetCategory) => void;
  onPicture: (category: FleetCategory) => void;
  onSetActive: (category: FleetCategory, active: boolean) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Vehicle categories"
      minW="56rem"
      columns={[
        'Name',
        'Picture',
        'Seats',
        'Large suitcases',
        'Medium suitcases',
        'Status',
        'Actions',
      ]}
    >
      {categories.map((category) => (
        <tr key={category.id}>
          <RowHead scope="row">{category.name}</RowHead>
          <Cell>
            <Thumbnail picture={category.picture} alt={`Picture of ${category.name}`} />
          </Cell>
          <Cell>{category.seats}</Cell>
          <Cell>{category.luggage}</Cell>
          <Cell>{category.hand_luggage}</Cell>
          <Cell>{category.active ? 'Active' : 'Inactive'}</Cell>
          <Cell>
            <Flex gap={2} flexWrap="wrap">
              <RowButton
                text="Edit"
                subject={category.name}
                dialog
                onClick={() => onEdit(category)}
              />
              <RowButton
                text="Upload picture"
                subject={`for ${category.name}`}
                dialog
                onClick={() => onPicture(category)}
              />
              <RowButton
                text={category.active ? 'Deactivate' : 'Reactivate'}
                subject={category.name}
                danger={category.active}
                busy={busy}
                onClick={() => onSetActive(category, !category.active)}
              />
            </Flex>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * One company's offer: each category, whether the company offers it, and the picture its
 * passengers see (its own, else the category's), with Offer / Stop offering and Upload picture.
 */
export function OfferingsTable({
  company,
  categories,
  offerings,
  busy,
  onSetOffered,
  onPicture,
}: {
  company: string;
  categories: readonly FleetCategory[];
  offerings: readonly FleetOffering[];
  busy: boolean;
  onSetOffered: (offering: FleetOffering, offered: boolean) => void;
  onPicture: (offering: FleetOffering, category: FleetCategory) => void;
}) {
  const captionId = useId();
  const byCategory = new Map(categories.map((category) => [category.id, category]));
  return (
    <ScrollTable
      captionId={captionId}
      caption={`Vehicles offered by ${company}`}
      minW="48rem"
      columns={['Category', 'Picture shown', 'Offered', 'Actions']}
    >
      {offerings.map((offering) => {
        const category = byCategory.get(offering.category_id);
        if (!category || (!category.active && !offering.offered)) return null;
        return (
          <tr key={offering.category_id}>
            <RowHead scope="row">{category.name}</RowHead>
            <Cell>
              <Thumbnail
                picture={offering.own_picture ?? category.picture}
                alt={`Picture of ${category.name} at ${company}`}
              />
              <Text fontSize="xs" color="gray.700">
                {offering.own_picture ? 'Your own picture' : 'The category’s picture'}
              </Text>
            </Cell>
            <Cell>{offering.offered ? 'Yes' : 'No'}</Cell>
            <Cell>
              <Flex gap={2} flexWrap="wrap">
                <RowButton
                  text={offering.offered ? 'Stop offering' : 'Offer'}
                  subject={category.name}
                  danger={offering.offered}
                  busy={busy}
                  onClick={() => onSetOffered(offering, !offering.offered)}
                />
                {offering.offered ? (
                  <RowButton
                    text="Upload picture"
                    subject={`for ${category.name}`}
                    dialog
                    onClick={() => onPicture(offering, category)}
                  />
                ) : null}
              </Flex>
            </Cell>
          </tr>
        );
      })}
    </ScrollTable>
  );
}
