import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ageOn, normalizeFullname, type OpsMemberDetail, type OpsMemberProfileValue, type OpsProfileCorrectionBody } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TextAreaField, TextField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { useCountryNames } from '../../../../lib/country-names';
import { useCorrectMemberProfile, useOpsMemberProfile } from '../../api/member-profile';
import { noteProblem } from '../../logic/queues';
import { Time } from '../common/bits';
import { FormDialog } from '../common/form-dialog';
import { BoError, BoLoading, BoProblem } from '../common/states';
import { useOperator } from '../frame/operator-context';
import './member-profile.css';

const Rows = ({ rows }: { rows: [string, ReactNode][] }) => (
  <dl className="bo-facts bo-facts--grid">
    {rows.map(([label, value]) => (
      <div key={label} className="bo-facts__row">
        <dt>{label}</dt>
        <dd>{value ?? <span className="bo-faint">—</span>}</dd>
      </div>
    ))}
  </dl>
);

/**
 * The member's profile (GET /ops/members/:id/profile) and, for admin and support, the correction of
 * the two fields a member cannot change: full name (the real name bank cards must carry) and
 * birthday (PATCH, with a reason, audited with before and after).
 */
export const MemberProfilePanel = ({ member, onDone }: { member: OpsMemberDetail; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const profile = useOpsMemberProfile(member.id);
  const [open, setOpen] = useState(false);
  const countries = useCountryNames();
  const allowed = can('member.profile');
  const p = profile.data;
  return (
    <section className="bo-panel" aria-labelledby="bo-member-personal">
      <div className="bo-profile__head">
        <h2 id="bo-member-personal" className="bo-panel__title">
          {t('members.personal')}
        </h2>
        {!member.isTrial && member.status !== 'closed' && (
          <button type="button" className="btn btn--sm btn--ghost" disabled={!allowed || !p} title={allowed ? undefined : t('common.role_cannot')} onClick={() => setOpen(true)}>
            <Icon name="idCard" size={14} />
            {t('members.profile_correct')}
          </button>
        )}
      </div>
      {profile.isPending ? (
        <BoLoading rows={3} />
      ) : profile.isError ? (
        <BoError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <Rows
          rows={[
            [t('members.fullname'), p!.fullname],
            [t('members.birthday'), p!.birthday ? <span className="num">{t('members.birthday_age', { date: p!.birthday, age: ageOn(p!.birthday, p!.today) })}</span> : null],
            [t('members.nationality'), p!.nationality ? `${countries.nameOf(p!.nationality)} (${p!.nationality})` : null],
            [t('members.place_of_birth'), p!.placeOfBirth],
            [t('members.permanent_address'), p!.permanentAddress],
            [t('members.current_address'), p!.currentAddress],
            [t('members.occupation'), p!.occupation],
            [t('members.income'), p!.sourceOfIncome ? t(`members.income_source.${p!.sourceOfIncome}`) : null],
            [t('members.profile_saved'), <Time key="u" iso={p!.updatedAt} />],
          ]}
        />
      )}
      {p && (
        <FormDialog name="bo-member-profile" open={open} title={t('members.profile_correct_title', { name: member.username })} onClose={() => setOpen(false)}>
          <CorrectionForm
            member={member}
            profile={p}
            onDone={() => {
              setOpen(false);
              onDone(t('members.profile_corrected', { name: member.username }));
            }}
          />
        </FormDialog>
      )}
    </section>
  );
};

type Values = { fullname: string; birthday: string; reason: string };

const CorrectionForm = ({ member, profile, onDone }: { member: OpsMemberDetail; profile: OpsMemberProfileValue; onDone: () => void }) => {
  const { t } = useTranslation('ops');
  const correct = useCorrectMemberProfile(member.id);
  const [problem, setProblem] = useState<unknown>(null);
  const form = useForm<Values>({ defaultValues: { fullname: profile.fullname ?? '', birthday: profile.birthday ?? '', reason: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setProblem(null);
    const body: OpsProfileCorrectionBody = { reason: v.reason.trim() };
    if (v.fullname.trim() !== '' && normalizeFullname(v.fullname) !== (profile.fullname ?? '')) body.fullname = v.fullname;
    if (v.birthday !== '' && v.birthday !== (profile.birthday ?? '')) body.birthday = v.birthday;
    if (body.fullname === undefined && body.birthday === undefined) {
      form.setError('fullname', { type: 'unchanged', message: t('members.profile_unchanged') });
      return;
    }
    try {
      await correct.mutateAsync(body);
      onDone();
    } catch (e) {
      if (!isApiError(e)) throw e;
      let placed = false;
      for (const f of e.fields) {
        if (f.field === 'fullname' || f.field === 'birthday' || f.field === 'reason') {
          form.setError(f.field, { type: 'server', message: f.message || e.message });
          placed = true;
        }
      }
      if (!placed) setProblem(e);
    }
  });

  return (
    <form className="bo-decision mc-form" onSubmit={onSubmit} noValidate aria-busy={correct.isPending}>
      <p className="bo-decision__consequence">{t('members.profile_correct_lede')}</p>
      <TextField label={t('members.fullname')} autoComplete="off" maxLength={64} error={errors.fullname?.message} {...form.register('fullname')} />
      <TextField label={t('members.birthday')} type="date" max={profile.today} error={errors.birthday?.message} {...form.register('birthday')} />
      <TextAreaField
        label={t('members.reason')}
        rows={2}
        maxLength={200}
        error={errors.reason?.message}
        {...form.register('reason', {
          validate: (v) => {
            const r = noteProblem(v, 'required', 200, 5);
            return r ? t(`decision.note_${r}`, { min: 5, max: 200 }) : true;
          },
        })}
      />
      <BoProblem error={problem} />
      <button type="submit" className="btn btn--gold btn--block" disabled={correct.isPending}>
        {correct.isPending && <span className="mc-spinner" aria-hidden="true" />}
        {t('members.profile_correct_save')}
      </button>
    </form>
  );
};
