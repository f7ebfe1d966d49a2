import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal, useModal } from '../../components/ui/modal';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { useShellActions } from '../../lib/shell-actions';
import './help-modal.css';

export const HELP_MODAL = 'help';

/** Topics of the help center; the help-content call (/wps/system/helpCenter) replaces the texts later. */
export const HELP_TOPICS = ['account', 'deposit', 'games', 'app', 'responsible', 'agent', 'feedback', 'chat'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

const ICONS: Record<HelpTopic, IconName> = {
  account: 'user',
  deposit: 'briefcase',
  games: 'slots',
  app: 'download',
  responsible: 'shield',
  agent: 'users',
  feedback: 'mail',
  chat: 'chat',
};

const isTopic = (value: unknown): value is HelpTopic => HELP_TOPICS.includes(value as HelpTopic);

/** The help center popup (spec §2 "help center"); `/help?topic=…` opens it on a topic. */
export const HelpModal = () => {
  const { t } = useTranslation();
  const modal = useModal<{ topic?: string }>(HELP_MODAL);
  const { openFeedback, openChat } = useShellActions();
  const opened = isTopic(modal.props.topic) ? modal.props.topic : 'account';
  return (
    <Modal name={HELP_MODAL} title={t('help.title')} size="lg">
      <p className="help__intro">{t('help.intro')}</p>
      <div className="help__topics">
        {HELP_TOPICS.map((topic) => (
          <details key={`${topic}-${opened}`} className="help__topic" open={topic === opened}>
            <summary className="help__summary">
              <span className="help__icon">
                <Icon name={ICONS[topic]} size={18} />
              </span>
              {t(`help.topics.${topic}.title`)}
              <Icon name="chevronDown" size={16} className="help__chevron" />
            </summary>
            <p className="help__answer">{t(`help.topics.${topic}.body`)}</p>
            {topic === 'feedback' && (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => {
                  modal.close();
                  openFeedback();
                }}
              >
                {t('help.toFeedback')}
              </button>
            )}
            {topic === 'chat' && openChat && (
              <button
                type="button"
                className="btn btn--gold btn--sm"
                onClick={() => {
                  modal.close();
                  openChat();
                }}
              >
                <Icon name="chat" size={16} />
                {t('chat:entry.help')}
              </button>
            )}
            {topic === 'app' && (
              <Link to="/download" className="btn btn--ghost btn--sm" onClick={modal.close}>
                {t('help.toDownload')}
              </Link>
            )}
          </details>
        ))}
      </div>
    </Modal>
  );
};
