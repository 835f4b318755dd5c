import { chakra, Flex } from '@chakra-ui/react';

/**
 * A short choice as native radio buttons in a fieldset named by its legend: each option a
 * label at least 44px high, so it is easy to hit and read out with the question.
 */
export function RadioChoices<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  disabled?: boolean;
}) {
  return (
    <chakra.fieldset mb={4} disabled={disabled}>
      <chakra.legend fontWeight="semibold" mb={2} color="gray.900">
        {legend}
      </chakra.legend>
      <Flex gap={6} flexWrap="wrap">
        {options.map((option) => (
          <chakra.label
            key={option.value}
            display="flex"
            alignItems="center"
            gap={2}
            minH="44px"
            cursor="pointer"
          >
            <chakra.input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              w="5"
              h="5"
              accentColor="brand.solid"
            />
            {option.label}
          </chakra.label>
        ))}
      </Flex>
    </chakra.fieldset>
  );
}
