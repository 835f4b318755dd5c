import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FleetCategory, FleetView } from '../../../../../contract/operator-fleet';
import { Field, NativeSelect } from '../../../../components/form/fields';
import { LoadingBlock } from '../../../../components/loading-block';
import { ApiError } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../../components/status-panels';
import { FormDialog } from '../../components/form-dialog';
import { useOperator } from '../../components/operator-layout';
import { useFleet } from '../api/get-fleet';
import { useSaveCategory } from '../api/save-category';
import { useSetOffering } from '../api/set-offering';
import type { UploadPicture } from '../api/upload-picture';
import { CategoryForm } from './category-form';
import { CategoriesTable, OfferingsTable } from './fleet-tables';
import { PictureForm } from './picture-form';
import { ForRoles } from './role-refusal';
import { PageNotice, activeNotice } from '../../components/page-notice';

type Dialog =
  | { kind: 'category'; category: FleetCategory | null }
  | { kind: 'picture'; title: string; target: Omit<UploadPicture, 'file'> }
  | null;

/** A change's outcome for the page's status line, or its failure (shown by the caller). */
async function attempt(change: () => Promise<unknown>, done: string, say: (text: string) => void) {
  say('');
  try {
    await change();
    say(done);
  } catch (error) {
    if (!(error instanceof ApiError)) console.error('The change failed:', error);
  }
}

/**
 * /operator/fleet (issue 33): the admin's vehicle categories, and which of them a company
 * offers with its own pictures (a manager: its own company; the admin: any, chosen here).
 */
export function FleetPage() {
  useDocumentTitle(`Fleet — ${CONSOLE_TITLE}`);
  return (
    <ForRoles roles={['admin', 'manager']} title="Fleet">
      <FleetScreen />
    </ForRoles>
  );
}

function FleetScreen() {
  const operator = useOperator();
  const fleet = useFleet();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState('');

  return (
    <Box>
      <Heading as="h1" size="2xl" color="gray.900" mb={5}>
        Fleet
      </Heading>
      <PageNotice notice={notice} />
      {fleet.isPending ? (
        <LoadingBlock label="Loading the fleet…" />
      ) : fleet.isError ? (
        <ErrorPanel
          message={`We could not load the fleet. ${fleet.error.message}`}
          retrying={fleet.isFetching}
          onRetry={() => void fleet.refetch()}
        />
      ) : (
        <Flex direction="column" gap={8}>
          {operator.role === 'admin' ? (
            <CategoriesSection view={fleet.data} open={setDialog} say={setNotice} />
          ) : null}
          <OfferingsSection
            view={fleet.data}
            ownCompany={operator.company_id}
            open={setDialog}
            say={setNotice}
          />
        </Flex>
      )}
      <FormDialog
        open={dialog !== null}
        title={
          dialog?.kind === 'picture'
            ? dialog.title
            : dialog?.category
              ? `Edit ${dialog.category.name}`
              : 'Add category'
        }
        onClose={() => setDialog(null)}
      >
        {dialog?.kind === 'category' ? (
          <CategoryForm
            category={dialog.category}
            onSaved={(saved) => {
              setDialog(null);
              setNotice(`${saved.name} is saved.`);
            }}
          />
        ) : dialog?.kind === 'picture' ? (
          <PictureForm
            target={dialog.target}
            onSaved={() => {
              setDialog(null);
              setNotice(`The picture is saved: ${dialog.title.replace(/^Upload picture: /, '')}.`);
            }}
          />
        ) : null}
      </FormDialog>
    </Box>
  );
}

type SectionProps = {
  view: FleetView;
  open: (dialog: Dialog) => void;
  say: (text: string) => void;
};

/** The admin's categories: Add category, and each one's Edit, picture and status. */
function CategoriesSection({ view, open, say }: SectionProps) {
  const save = useSaveCategory();
  return (
    <Box as="section">
      <Flex alignItems="center" justifyContent="space-between" gap={3} flexWrap="wrap" mb={3}>
        <Heading as="h2" size="lg" color="gray.900">
          Vehicle categories
        </Heading>
        <Button
          type="button"
          colorPalette="brand"
          aria-haspopup="dialog"
          onClick={() => open({ kind: 'category', category: null })}
        >
          Add category
        </Button>
      </Flex>
      {save.isError ? <AlertMessage>{save.error.message}</AlertMessage> : null}
      <CategoriesTable
        categories={view.categories}
        busy={save.isPending}
        onEdit={(category) => open({ kind: 'category', category })}
        onPicture={(category) =>
          open({
            kind: 'picture',
            title: `Upload picture: ${category.name}`,
            target: { categoryId: category.id, companyId: null },
          })
        }
        onSetActive={(category, active) =>
          void attempt(
            () => save.mutateAsync({ id: category.id, body: { active } }),
            activeNotice(category.name, active),
            say,
          )
        }
      />
    </Box>
  );
}

/** A company's offer: a manager's own company; the admin chooses the company. */
function OfferingsSection({
  view,
  ownCompany,
  open,
  say,
}: SectionProps & { ownCompany: number | null }) {
  const setOffering = useSetOffering();
  const companies = [...new Map(view.offerings.map((o) => [o.company_id, o.company_name]))];
  const [chosen, setChosen] = useState<number | undefined>(ownCompany ?? companies[0]?.[0]);
  const company = companies.find(([id]) => id === chosen);
  if (!company) return <Text>No company to offer vehicles yet.</Text>;
  const [companyId, companyName] = company;
  return (
    <Box as="section">
      <Heading as="h2" size="lg" color="gray.900" mb={3}>
        What {companyName} offers
      </Heading>
      {ownCompany === null ? (
        <Box maxW="sm" mb={3}>
          <Field id="fleet-company" label="Company">
            <NativeSelect
              id="fleet-company"
              value={String(companyId)}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {companies.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </Box>
      ) : null}
      {setOffering.isError ? <AlertMessage>{setOffering.error.message}</AlertMessage> : null}
      <OfferingsTable
        company={companyName}
        categories={view.categories}
        offerings={view.offerings.filter((o) => o.company_id === companyId)}
        busy={setOffering.isPending}
        onSetOffered={(offering, offered) =>
          void attempt(
            () => setOffering.mutateAsync({ categoryId: offering.category_id, companyId, offered }),
            offered ? 'The category is offered.' : 'The category is no longer offered.',
            say,
          )
        }
        onPicture={(offering, category) =>
          open({
            kind: 'picture',
            title: `Upload picture: ${category.name} at ${companyName}`,
            target: { categoryId: offering.category_id, companyId },
          })
        }
      />
    </Box>
  );
}
