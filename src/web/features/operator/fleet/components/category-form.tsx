import { Button, Flex } from '@chakra-ui/react';
import * as z from 'zod/mini';
import type { FleetCategory } from '../../../../../contract/operator-fleet';
import { TextField } from '../../../../components/form/fields';
import { textRule } from '../../../../lib/form-rules';
import { AlertMessage } from '../../../../components/status-panels';
import { useSaveCategory } from '../api/save-category';
import { useSetupForm } from '../hooks/use-setup-form';

const wholeNumber = (label: string) =>
  textRule((text) =>
    /^\d+$/.test(text.trim()) ? undefined : `Enter the ${label} as a whole number`,
  );

/** What the form checks before sending; the server applies fleetCategoryInputSchema's rules. */
const categoryFormSchema = z.object({
  name: textRule((text) => (text.trim() ? undefined : 'Enter the category’s name')),
  seats: wholeNumber('seats'),
  luggage: wholeNumber('large suitcases'),
  hand_luggage: wholeNumber('medium suitcases'),
});
type CategoryValues = z.infer<typeof categoryFormSchema>;

const LABELS = {
  name: 'Name',
  seats: 'Seats',
  luggage: 'Large suitcases',
  hand_luggage: 'Medium suitcases',
} as const;

/** Add category / Edit: POST for a new category, PATCH for an existing one (the admin's). */
export function CategoryForm({
  category,
  onSaved,
}: {
  category: FleetCategory | null;
  onSaved: (category: FleetCategory) => void;
}) {
  const save = useSaveCategory();
  const { form, field, submit, failure } = useSetupForm<CategoryValues, FleetCategory>({
    schema: categoryFormSchema,
    defaults: {
      name: category?.name ?? '',
      seats: category ? String(category.seats) : '',
      luggage: category ? String(category.luggage) : '',
      hand_luggage: category ? String(category.hand_luggage) : '',
    },
    labels: LABELS,
    save: (values) => {
      const body = {
        name: values.name.trim(),
        seats: Number(values.seats),
        luggage: Number(values.luggage),
        hand_luggage: Number(values.hand_luggage),
      };
      return save.mutateAsync(category ? { id: category.id, body } : { id: null, body });
    },
    onSaved,
    error: save.error,
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <TextField
          id="category-name"
          label={LABELS.name}
          {...field('name')}
          required
          maxLength={60}
        />
        <TextField
          id="category-seats"
          label={LABELS.seats}
          {...field('seats')}
          inputMode="numeric"
          required
        />
        <TextField
          id="category-luggage"
          label={LABELS.luggage}
          {...field('luggage')}
          inputMode="numeric"
          required
        />
        <TextField
          id="category-hand-luggage"
          label={LABELS.hand_luggage}
          {...field('hand_luggage')}
          inputMode="numeric"
          required
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
          Save category
        </Button>
      </Flex>
    </form>
  );
}
