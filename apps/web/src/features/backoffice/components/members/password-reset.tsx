import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMemberDetail, OpsMemberPasswordResetValue } from '@apsara/contracts';
import { CopyButton } from '../../../../components/ui/copy/copy-button';
import { Icon } from '../../../../components/ui/icons/icons';
import { Modal, closeModal, openModal } from '../../../../components/ui/modal';
import { useResetMemberPassword } from '../../api/members';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { useOperator } from '../frame/operator-context';

const ISSUED_MODAL = 'bo-member-password-issued';

/**
 * Reset password (POST /ops/members/:id/password): a reason, then the temporary password the server
 * made, shown once with a copy button. It lives only in this component's state and is dropped when
 * the dialog closes; the member must replace it at their next sign-in.
 */
export const PasswordResetAction = ({ member, onDone }: { member: OpsMemberDetail; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const reset = useResetMemberPassword(member.id);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [issued, setIssued] = useState<OpsMemberPasswordResetValue | null>(null);
  useEffect(() => {
    if (issued) openModal(ISSUED_MODAL);
  }, [issued]);
  useEffect(() => () => closeModal(ISSUED_MODAL), []);
  if (member.status === 'closed' || member.isTrial) return null;
  const allowed = can('member.password');
  const finish = () => {
    closeModal(ISSUED_MODAL);
    setIssued(null);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--ghost"
        disabled={!allowed}
        title={allowed ? undefined : t('common.role_cannot')}
        onClick={() =>
          setRequest({
            title: t('members.reset_title', { name: member.username }),
            confirmLabel: t('members.reset'),
            tone: 'neutral',
            facts: [{ label: t('col.member'), value: `${member.username} (ID ${member.id})` }],
            consequence: t('members.reset_consequence'),
            note: { rule: 'required', min: 5, max: 200, label: t('members.reason'), audit: true },
            run: ({ note }) => reset.mutateAsync({ reason: note }),
            onDone: (result) => {
              setIssued(result as OpsMemberPasswordResetValue);
              onDone(t('members.reset_notice', { name: member.username }));
            },
          })
        }
      >
        <Icon name="lock" size={14} />
        {t('members.reset')}
      </button>
      <DecisionDialog name="bo-member-password" request={request} onClose={() => setRequest(null)} />
      {issued && (
        <Modal name={ISSUED_MODAL} title={t('members.reset_done_title', { name: issued.username })} size="sm" onClose={finish} className="bo-dialog">
          <div className="bo-decision">
            <p className="bo-decision__consequence">{t('members.reset_done_lede')}</p>
            <p className="bo-temp-password">
              <code data-testid="temporary-password">{issued.temporaryPassword}</code>
              <CopyButton
                value={issued.temporaryPassword}
                className="btn btn--sm btn--ghost"
                texts={{ label: t('members.reset_copy_label'), copy: t('members.reset_copy'), copied: t('members.reset_copied'), failed: t('members.reset_copy_failed') }}
              />
            </p>
            <button type="button" className="btn btn--primary btn--block" onClick={finish}>
              {t('members.reset_close')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
};
