import { Box, chakra } from '@chakra-ui/react';
import { forwardRef, useId, type ComponentPropsWithoutRef } from 'react';

type SelectFieldProps = Omit<ComponentPropsWithoutRef<'select'>, 'children'> & {
  /** The visible label, which is also the control's accessible name. */
  label: string;
  options: readonly { value: string; label: string }[];
};

/**
 * A native select with its visible label: the phone's own picker, keyboard use and screen
 * readers come for free, and no select machinery loads with the page.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, id, ...rest },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <Box display="grid" gap={1}>
      <chakra.label htmlFor={selectId} fontSize="sm" fontWeight="medium" color="gray.800">
        {label}
      </chakra.label>
      <chakra.select
        ref={ref}
        id={selectId}
        minH="44px"
        px={3}
        bg="white"
        color="gray.900"
        borderWidth="1px"
        borderColor="gray.400"
        rounded="md"
        cursor="pointer"
        _disabled={{ cursor: 'not-allowed', opacity: 0.6 }}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </chakra.select>
    </Box>
  );
});
