import { chakra, type SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A checkbox inside its own label, the whole row a 44 px target: the booking form's
 * acceptances and "Text me about this booking", and the booking page's choice of texts.
 */
export function LabelledCheckbox({
  checked,
  onChange,
  disabled,
  gridColumn,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  gridColumn?: SystemStyleObject['gridColumn'];
  children: ReactNode;
}) {
  return (
    <chakra.label
      display="flex"
      alignItems="center"
      gap={2}
      minH="44px"
      cursor="pointer"
      color="gray.900"
      gridColumn={gridColumn}
    >
      <chakra.input
        type="checkbox"
        w="5"
        h="5"
        accentColor="brand.solid"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </chakra.label>
  );
}
