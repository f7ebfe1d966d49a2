import { useTranslation } from 'react-i18next';
import { LOTTERY_GAME_CODES, LOTTERY_GAMES } from '@apsara/contracts';
import { SelectField, TextField } from '../../../../components/ui/member/fields';
import { contentLanguage } from '../../../../i18n/languages';

export type LotteryNumberDraft = { game: string; number: string };

type Props = {
  /** Prefix of the two fields' ids (one page shows two such forms). */
  idBase: string;
  draft: LotteryNumberDraft;
  onChange: (draft: LotteryNumberDraft) => void;
  /** The select's empty choice: "every lottery" for a search, "choose one" where one is needed. */
  noGameLabel: string;
  errors?: { game?: string; number?: string };
};

/** A lottery (by its name in the reader's language) and a number of 1–3 digits: the risk page's search and its close form. */
export const LotteryNumberFields = ({ idBase, draft, onChange, noGameLabel, errors = {} }: Props) => {
  const { t, i18n } = useTranslation('ops');
  const lang = contentLanguage(i18n.language);
  return (
    <>
      <SelectField id={`${idBase}-game`} label={t('lotteryRisk.find_game')} value={draft.game} error={errors.game} onChange={(e) => onChange({ ...draft, game: e.target.value })}>
        <option value="">{noGameLabel}</option>
        {LOTTERY_GAME_CODES.map((code) => (
          <option key={code} value={code}>
            {LOTTERY_GAMES[code].names[lang]}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idBase}-number`}
        label={t('lotteryRisk.find_number')}
        placeholder={t('lotteryRisk.find_number_placeholder')}
        inputMode="numeric"
        maxLength={3}
        autoComplete="off"
        value={draft.number}
        error={errors.number}
        onChange={(e) => onChange({ ...draft, number: e.target.value })}
      />
    </>
  );
};
