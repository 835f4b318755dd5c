import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A group of the phone booking form's fields, as a card named by its legend. */
export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <chakra.fieldset
      layerStyle="card"
      bg="white"
      p={{ base: 4, md: 5 }}
      display="grid"
      gap={4}
      minW={0}
    >
      <chakra.legend fontWeight="bold" fontSize="lg" color="gray.900" px={1}>
        {legend}
      </chakra.legend>
      {children}
    </chakra.fieldset>
  );
}

/** One native radio button and its label, at least 44px high. */
export function RadioOption({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: string;
}) {
  return (
    <chakra.label display="flex" alignItems="center" gap={2} minH="44px" cursor="pointer">
      <chakra.input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        w="1.1rem"
        h="1.1rem"
      />
      <span>{children}</span>
    </chakra.label>
  );
}
