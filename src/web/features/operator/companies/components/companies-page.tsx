import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { CompanyRecord } from '../../../../../contract/operator-companies';
import { LoadingBlock } from '../../../../components/loading-block';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../../components/status-panels';
import { FormDialog } from '../../components/form-dialog';
import { RowButton } from '../../components/row-button';
import { Cell, RowHead, ScrollTable } from '../../components/table-parts';
import { useConsoleCompanies } from '../api/get-companies';
import { useSaveCompany } from '../api/save-company';
import { ForRoles } from '../../fleet/components/role-refusal';
import { CompanyForm } from './company-form';
import { PageNotice, activeNotice } from '../../components/page-notice';
import { usePageNotice } from '../../hooks/use-page-notice';

type Editing = { company: CompanyRecord | null } | null;

/** /operator/companies (issue 33, the admin's): the companies, added, edited, deactivated. */
export function CompaniesPage() {
  useDocumentTitle(`Companies — ${CONSOLE_TITLE}`);
  return (
    <ForRoles roles={['admin']} title="Companies">
      <CompaniesScreen />
    </ForRoles>
  );
}

function CompaniesScreen() {
  const companies = useConsoleCompanies();
  const toggle = useSaveCompany();
  const [editing, setEditing] = useState<Editing>(null);
  const { notice, setNotice, attempt } = usePageNotice('Changing the company');

  const setActive = (company: CompanyRecord, active: boolean) =>
    attempt(async () => {
      await toggle.mutateAsync({ id: company.id, body: { active } });
      return activeNotice(company.name, active);
    });

  return (
    <Box>
      <Flex alignItems="center" justifyContent="space-between" gap={3} flexWrap="wrap" mb={5}>
        <Heading as="h1" size="2xl" color="gray.900">
          Companies
        </Heading>
        <Button
          type="button"
          colorPalette="brand"
          aria-haspopup="dialog"
          onClick={() => setEditing({ company: null })}
        >
          Add company
        </Button>
      </Flex>
      <PageNotice notice={notice} />
      {toggle.isError ? <AlertMessage>{toggle.error.message}</AlertMessage> : null}
      {companies.isPending ? (
        <LoadingBlock label="Loading companies…" />
      ) : companies.isError ? (
        <ErrorPanel
          message={`We could not load the companies. ${companies.error.message}`}
          retrying={companies.isFetching}
          onRetry={() => void companies.refetch()}
        />
      ) : (
        <CompaniesTable
          companies={companies.data}
          toggling={toggle.isPending}
          onEdit={(company) => setEditing({ company })}
          onSetActive={(company, active) => void setActive(company, active)}
        />
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.company ? `Edit ${editing.company.name}` : 'Add company'}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <CompanyForm
            company={editing.company}
            onSaved={(saved) => {
              setEditing(null);
              setNotice(`${saved.name} is saved.`);
            }}
          />
        ) : null}
      </FormDialog>
    </Box>
  );
}

function CompaniesTable({
  companies,
  toggling,
  onEdit,
  onSetActive,
}: {
  companies: readonly CompanyRecord[];
  toggling: boolean;
  onEdit: (company: CompanyRecord) => void;
  onSetActive: (company: CompanyRecord, active: boolean) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Companies"
      minW="64rem"
      columns={['Name', 'Address', 'Phone', 'Email', 'VAT number', 'Status', 'Actions']}
    >
      {companies.map((company) => (
        <tr key={company.id}>
          <RowHead scope="row">{company.name}</RowHead>
          <Cell>{company.address}</Cell>
          <Cell>{company.phone || 'The site’s number'}</Cell>
          <Cell>{company.email || 'The site’s address'}</Cell>
          <Cell>{company.vat_number ?? 'Not registered'}</Cell>
          <Cell>{company.active ? 'Active' : 'Inactive'}</Cell>
          <Cell>
            <Flex gap={2}>
              <RowButton
                text="Edit"
                subject={company.name}
                dialog
                onClick={() => onEdit(company)}
              />
              <RowButton
                text={company.active ? 'Deactivate' : 'Reactivate'}
                subject={company.name}
                danger={company.active}
                busy={toggling}
                onClick={() => onSetActive(company, !company.active)}
              />
            </Flex>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
