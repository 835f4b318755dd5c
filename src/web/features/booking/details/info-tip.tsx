import { Box, chakra } from '@chakra-ui/react';
import { useState } from 'react';

type InfoTipProps = {
  /** The tooltip's id: the button and the field it explains point at it with aria-describedby. */
  id: string;
  /** The button's name, e.g. 'Number format'. */
  label: string;
  text: string;
};

/**
 * An 'i' button whose tip shows on hover, on keyboard focus and on tap, and hides on Escape.
 * The text stays in the DOM while hidden, so the field's description reads it either way.
 */
export function InfoTip({ id, label, text }: InfoTipProps) {
  const [open, setOpen] = useState(false);
  return (
    <Box as="span" position="relative" display="inline-flex" verticalAlign="middle">
      <chakra.button
        type="button"
        aria-label={label}
        aria-describedby={id}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        w="6"
        h="6"
        rounded="full"
        borderWidth="1px"
        borderColor="gray.500"
        color="gray.800"
        bg="white"
        fontSize="xs"
        fontWeight="bold"
        fontStyle="italic"
        cursor="help"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
      >
        <span aria-hidden="true">i</span>
      </chakra.button>
      <Box
        id={id}
        role="tooltip"
        hidden={!open}
        position="absolute"
        bottom="calc(100% + 6px)"
        left="50%"
        transform="translateX(-50%)"
        zIndex="tooltip"
        w="max-content"
        maxW="16rem"
        px={3}
        py={2}
        rounded="md"
        bg="gray.900"
        color="white"
        fontSize="sm"
        fontWeight="normal"
        boxShadow="md"
      >
        {text}
      </Box>
    </Box>
  );
}
