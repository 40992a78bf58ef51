import { useMemo } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Create,
  Datagrid,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  SimpleList,
  TabbedForm,
  TextField,
  TextInput,
  TopToolbar,
  CreateButton,
  EditButton,
  ShowButton,
  useNotify,
  useRecordContext,
  useRedirect,
  required,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/platform';
import { problemOf, unwrapCall } from '../settings/kit/call';
import { currentOrganisationId } from '../settings/kit/org';
import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CONTAIN_SX } from '../settings/kit/ui';
import { formatDateTime, formatMoney, fromLocalInput, toLocalInput } from '../settings/kit/format';
import { EVENT_STATUSES, EVENT_TYPES, QUESTION_TYPES, eventToForm, formToEventBody, type EventFormValues, type EventRecord } from './event-body';
import { ImportEventsButton } from './import-dialog';

const choices = (values: readonly string[], t: (key: string) => string, prefix: string) => values.map((id) => ({ id, name: t(`${prefix}.${id}`) }));

export function EventStatusChip({ status }: { status?: string }) {
  const { t } = useTranslation('adminContent');
  if (!status) return null;
  const color = status === 'PUBLISHED' ? 'success' : status === 'CANCELLED' ? 'error' : 'default';
  return <Chip size="small" color={color} label={t(`events.status.${status}`)} />;
}

function EventListActions() {
  return (
    <TopToolbar>
      <ImportEventsButton />
      <CreateButton />
    </TopToolbar>
  );
}

/** Events, soonest first, filtered by status and title words; a simple list on a phone. */
export function EventList() {
  const { t } = useTranslation('adminContent');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <TextInput key="search" source="search" label={t('events.search')} alwaysOn />,
    <SelectInput key="status" source="status" label={t('events.fields.status')} choices={choices(EVENT_STATUSES, t, 'events.status')} alwaysOn />,
  ];
  return (
    <List title={t('events.title')} filters={filters} actions={<EventListActions />} sort={{ field: 'startDate', order: 'ASC' }} empty={false}>
      {phone ? (
        <SimpleList<EventRecord & { id: string }>
          primaryText={(r) => r.title ?? ''}
          secondaryText={(r) => formatDateTime(r.startDate)}
          tertiaryText={(r) => t(`events.status.${r.status ?? 'DRAFT'}`)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<p className="empty">{t('events.empty')}</p>}>
          <TextField source="title" label={t('events.fields.title')} />
          <FunctionField<EventRecord> source="startDate" label={t('events.fields.startDate')} render={(r) => formatDateTime(r.startDate)} />
          <FunctionField<EventRecord>
            source="status"
            sortable={false}
            label={t('events.fields.status')}
            render={(r) => <EventStatusChip status={r.status} />}
          />
          <FunctionField<EventRecord>
            label={t('events.fields.capacity')}
            sortable={false}
            render={(r) => t('events.capacityValue', { confirmed: r.confirmedCount ?? 0, max: r.maxAttendees ?? '∞', waiting: r.waitlistedCount ?? 0 })}
          />
          <FunctionField<EventRecord>
            label={t('events.fields.basePrice')}
            sortable={false}
            render={(r) => (r.isFree ? t('events.free') : formatMoney(r.basePrice, r.currency))}
          />
          <ShowButton />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}

/** The event form: details, place, registration and prices, survey questions (one tab each). */
function EventForm({ record, onSubmit }: { record?: EventFormValues; onSubmit?: (values: EventFormValues) => Promise<unknown> }) {
  const { t } = useTranslation('adminContent');
  const dateProps = { format: toLocalInput, parse: fromLocalInput };
  return (
    <TabbedForm record={record as (EventFormValues & { id: string }) | undefined} syncWithLocation={false} onSubmit={onSubmit as never}>
      <TabbedForm.Tab label={t('events.tabs.details')}>
        <TextInput source="title" label={t('events.fields.title')} validate={required()} fullWidth />
        <SelectInput
          source="eventType"
          label={t('events.fields.eventType')}
          choices={choices(EVENT_TYPES, t, 'events.type')}
          defaultValue="IN_PERSON"
          validate={required()}
        />
        <TextInput source="category" label={t('events.fields.category')} />
        <DateTimeInput source="startDate" label={t('events.fields.startDate')} validate={required()} {...dateProps} />
        <DateTimeInput source="endDate" label={t('events.fields.endDate')} validate={required()} {...dateProps} />
        <BooleanInput source="isAllDay" label={t('events.fields.isAllDay')} />
        <TextInput source="excerpt" label={t('events.fields.excerpt')} fullWidth />
        <TextInput source="description" label={t('events.fields.description')} multiline minRows={4} fullWidth />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={t('events.tabs.place')}>
        <TextInput source="venueName" label={t('events.fields.venueName')} fullWidth />
        <TextInput source="address.street" label={t('events.fields.street')} fullWidth />
        <TextInput source="address.postalCode" label={t('events.fields.postalCode')} />
        <TextInput source="address.city" label={t('events.fields.city')} />
        <TextInput source="address.province" label={t('events.fields.province')} />
        <TextInput source="address.country" label={t('events.fields.country')} helperText={t('events.countryHint')} />
        <TextInput source="locationTypeNote" label={t('events.fields.locationTypeNote')} fullWidth />
        <TextInput source="registrationUrl" label={t('events.fields.registrationUrl')} type="url" fullWidth />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={t('events.tabs.registration')}>
        <BooleanInput source="registrationRequired" label={t('events.fields.registrationRequired')} defaultValue />
        <NumberInput source="maxAttendees" label={t('events.fields.maxAttendees')} min={1} helperText={t('events.capacityHint')} />
        <BooleanInput source="waitingListEnabled" label={t('events.fields.waitingListEnabled')} />
        <BooleanInput source="isFree" label={t('events.fields.isFree')} defaultValue />
        <FormDataConsumer<EventFormValues>>
          {({ formData }) =>
            formData.isFree ? null : (
              <>
                <TextInput source="currency" label={t('events.fields.currency')} helperText={t('events.currencyHint')} defaultValue="EUR" />
                <TextInput source="basePrice" label={t('events.fields.basePrice')} inputMode="decimal" />
                <TextInput source="memberPrice" label={t('events.fields.memberPrice')} inputMode="decimal" />
                <TextInput source="earlyBirdPrice" label={t('events.fields.earlyBirdPrice')} inputMode="decimal" />
                <DateTimeInput source="earlyBirdDeadline" label={t('events.fields.earlyBirdDeadline')} {...dateProps} />
              </>
            )
          }
        </FormDataConsumer>
      </TabbedForm.Tab>
      <TabbedForm.Tab label={t('events.tabs.survey')}>
        <ArrayInput source="surveyQuestions" label={t('events.fields.surveyQuestions')}>
          <SimpleFormIterator inline={false} disableReordering>
            <TextInput source="text" label={t('events.fields.questionText')} validate={required()} fullWidth />
            <SelectInput
              source="type"
              label={t('events.fields.questionType')}
              choices={choices(QUESTION_TYPES, t, 'events.questionType')}
              defaultValue="TEXT"
            />
            <TextInput source="optionsText" label={t('events.fields.questionOptions')} helperText={t('events.optionsHint')} multiline minRows={2} />
            <BooleanInput source="required" label={t('events.fields.questionRequired')} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export function EventCreate() {
  const { t } = useTranslation('adminContent');
  return (
    <Create sx={CONTAIN_SX} title={t('events.createTitle')} transform={(values: EventFormValues) => formToEventBody(values)} redirect="show">
      <EventForm />
    </Create>
  );
}

/**
 * The event's PUT replaces every field (the events service's update is a full replacement), so the
 * edit sends the whole body itself rather than the data provider's changed fields only.
 */
function EditForm() {
  const { t } = useTranslation('adminContent');
  const record = useRecordContext<EventRecord>();
  const values = useMemo(() => (record ? eventToForm(record) : undefined), [record]);
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const save = async (form: EventFormValues) => {
    if (!record?.id) return undefined;
    try {
      await unwrapCall(
        api.PUT('/api/orgs/{organizationId}/events/{eventId}', {
          params: { path: { organizationId: currentOrganisationId(), eventId: record.id } },
          body: formToEventBody(form),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['events'] });
      notify(t('events.saved'), { type: 'success' });
      redirect('show', 'events', record.id);
      return undefined;
    } catch (failed) {
      const problem = problemOf(failed);
      notify(problem?.requestId ? t('errorWithReference', { message: problem.message, id: problem.requestId }) : (problem?.message ?? ''), { type: 'error' });
      // react-admin shows returned errors beside their fields.
      return problem?.fields;
    }
  };
  return <EventForm record={values} onSubmit={save} />;
}

export function EventEdit() {
  const { t } = useTranslation('adminContent');
  return (
    <Edit sx={CONTAIN_SX} title={t('events.editTitle')} mutationMode="pessimistic">
      <EditForm />
    </Edit>
  );
}
