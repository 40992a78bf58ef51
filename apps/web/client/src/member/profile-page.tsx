import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Schema } from '@platform/api-client';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { canEditProfile } from './access';
import { formatDate } from './format';
import { useMember } from './member-context';
import { Show } from './parts';
import { useLoad } from './use-load';

type Profile = Schema<'platform.organisation.v1.UserProfile'>;

/** The profile fields of a membership (decision 0112) that the page shows and, where allowed, edits. */
const EDITABLE = ['displayName', 'phoneNumber', 'jobTitle', 'company', 'addressLine1', 'postalCode', 'city'] as const;
type Editable = (typeof EDITABLE)[number];
const AUTOCOMPLETE: Record<Editable, string> = {
  displayName: 'nickname',
  phoneNumber: 'tel',
  jobTitle: 'organization-title',
  company: 'organization',
  addressLine1: 'address-line1',
  postalCode: 'postal-code',
  city: 'address-level2',
};

/**
 * The member's profile in this organisation (GET users/{me}, decision 0201) and their membership.
 * The API lets only ORG:MEMBER:UPDATE holders (OWNER, ADMIN) change a profile, their own included;
 * others see it read-only with whom to ask. Sign-in details live under /account.
 */
export function ProfilePage() {
  const { t } = useTranslation('member');
  const { organizationId, userId, role, organisation } = useMember();
  useDocumentTitle(t('profile.title'));
  const [profile, reload] = useLoad(`profile/${userId}`, () =>
    api.GET('/api/orgs/{organizationId}/users/{userId}', { params: { path: { organizationId, userId } } }),
  );
  return (
    <>
      <h1>{t('profile.title')}</h1>
      <Show loaded={profile} retry={reload}>
        {(p) => (
          <>
            <section className="card" aria-labelledby="who-title">
              <h2 id="who-title">{`${p.firstName ?? ''} ${p.lastName ?? ''}`.trim()}</h2>
              <dl className="facts">
                <dt>{t('profile.email')}</dt>
                <dd>{p.email}</dd>
                <dt>{t('profile.organisation')}</dt>
                <dd>{organisation?.name}</dd>
                <dt>{t('profile.role')}</dt>
                <dd>{t(`roles.${role ?? 'MEMBER'}`, { defaultValue: role })}</dd>
                {p.joinedAt ? (
                  <>
                    <dt>{t('profile.memberSince')}</dt>
                    <dd>{formatDate(p.joinedAt)}</dd>
                  </>
                ) : null}
                {p.membership?.membershipType?.name ? (
                  <>
                    <dt>{t('profile.membership')}</dt>
                    <dd>
                      {t('profile.membershipPeriod', {
                        name: p.membership.membershipType.name,
                        end: formatDate(p.membership.endDate),
                      })}
                    </dd>
                  </>
                ) : null}
              </dl>
            </section>
            {canEditProfile(role) ? (
              <ProfileForm key={p.id} profile={p} organizationId={organizationId} userId={userId} onSaved={reload} />
            ) : (
              <section className="card" aria-labelledby="details-title">
                <h2 id="details-title">{t('profile.details')}</h2>
                <dl className="facts">
                  {EDITABLE.map((field) => (
                    <div key={field} className="fact">
                      <dt>{t(`profile.field.${field}`)}</dt>
                      <dd>{p[field] || t('profile.notGiven')}</dd>
                    </div>
                  ))}
                </dl>
                <p className="muted small">{t('profile.askAdministrators')}</p>
              </section>
            )}
            <p>
              <Link to="/account">{t('profile.signInSettings')}</Link>
            </p>
          </>
        )}
      </Show>
    </>
  );
}

function ProfileForm({ profile, organizationId, userId, onSaved }: { profile: Profile; organizationId: string; userId: string; onSaved: () => void }) {
  const { t } = useTranslation('member');
  const { t: common } = useTranslation();
  const [values, setValues] = useState<Record<Editable, string>>(
    () => Object.fromEntries(EDITABLE.map((field) => [field, profile[field] ?? ''])) as Record<Editable, string>,
  );
  const [problem, setProblem] = useState<ProblemMessage>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setSaved(false);
    const changed = Object.fromEntries(EDITABLE.filter((f) => values[f].trim() !== (profile[f] ?? '')).map((f) => [f, values[f].trim()]));
    const { error, response } = await api.PUT('/api/orgs/{organizationId}/users/{userId}', { params: { path: { organizationId, userId } }, body: changed });
    setBusy(false);
    if (response.ok) {
      setSaved(true);
      onSaved();
    } else setProblem(problemMessage(error, response));
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t('profile.details')}</h2>
      {saved ? <SuccessNotice>{t('profile.saved')}</SuccessNotice> : null}
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={save}>
        {EDITABLE.map((field) => (
          <Field
            key={field}
            label={t(`profile.field.${field}`)}
            name={field}
            type={field === 'phoneNumber' ? 'tel' : 'text'}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            onChange={(e) => setValues((all) => ({ ...all, [field]: e.target.value }))}
            error={problem?.fields[field]}
          />
        ))}
        <button type="submit" disabled={busy}>
          {common('save')}
        </button>
      </form>
    </section>
  );
}
