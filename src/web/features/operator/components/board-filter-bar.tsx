import { Box } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { BOOKING_STATUSES } from '../../../../domain/booking-lifecycle';
import { useCompanies } from '../../../api/get-companies';
import { TextField } from '../../../components/form/fields';
import { SelectField } from '../../../components/form/select-field';
import type { BoardFilters, FilterName } from '../lib/board-filters';
import { statusLabel } from '../lib/format';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** A whole date a dispatcher might mean: Chromium's date field passes '0002-11-20' mid-typing. */
function wholeDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && year >= 2000 && year <= 2100;
}

/**
 * A date filter that applies only a whole date (or none): typing a year digit by digit must not
 * filter, and re-render the field, at every key.
 */
export function DateFilter({
  id,
  label,
  value,
  onDate,
}: {
  id: string;
  label: string;
  value: string;
  onDate: (date: string) => void;
}) {
  const [typed, setTyped] = useState({ from: value, text: value });
  // The URL changed under the field (a quick view, Back): show what it now holds.
  const text = typed.from === value ? typed.text : value;
  return (
    <TextField
      id={id}
      label={label}
      type="date"
      value={text}
      onValueChange={(next) => {
        setTyped({ from: value, text: next });
        if (next === '' || wholeDate(next)) onDate(next);
      }}
    />
  );
}

/** Typing in Search asks the server once the operator pauses, not on every key. */
const SEARCH_DELAY_MS = 400;

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // Back or a link changed the URL's search: the box follows it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => search(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField
        id="board-search"
        label="Search"
        type="search"
        value={text}
        onValueChange={setText}
        maxLength={100}
        placeholder="Reference, name, email or phone"
      />
    </form>
  );
}

/** The board's filters: status, dates, company (for the admin) and search. */
export function FilterBar({
  filters,
  isAdmin,
  onChange,
}: {
  filters: BoardFilters;
  isAdmin: boolean;
  onChange: (changes: Partial<Record<FilterName, string>>) => void;
}) {
  const companies = useCompanies();
  const companyOptions = [
    { value: '', label: 'All companies' },
    ...(companies.data ?? []).map((company) => ({
      value: String(company.id),
      label: company.company.company_name,
    })),
  ];
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }}
      gap={4}
      alignItems="end"
      mb={4}
    >
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: event.target.value })}
      />
      <DateFilter
        id="board-from"
        label="From date"
        value={filters.from ?? ''}
        onDate={(from) => onChange({ from })}
      />
      <DateFilter
        id="board-to"
        label="To date"
        value={filters.to ?? ''}
        onDate={(to) => onChange({ to })}
      />
      {isAdmin ? (
        <SelectField
          label="Company"
          options={companyOptions}
          value={filters.company_id ?? ''}
          onChange={(event) => onChange({ company_id: event.target.value })}
        />
      ) : null}
      <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q })} />
    </Box>
  );
}
