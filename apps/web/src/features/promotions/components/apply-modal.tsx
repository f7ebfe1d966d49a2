import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMOTION_MAX_IMAGES, type Promotion } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { FormError } from '../../../components/ui/member/form-error';
import { ImagePicker } from '../../../components/ui/member/image-picker';
import { closeModal, Modal, openModal, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { isApiError } from '../../../lib/api';
import { sendWithKey } from '../../../lib/idempotency';
import { placeServerError } from '../../../lib/server-errors';
import { uploadImage } from '../../../lib/upload';
import { useProblemText } from '../../../lib/use-problem-text';
import { applyPromotion, useAfterAction, useRefreshPromotions } from '../api/promotions';
import { PROMO_MODAL, usePromoActions, type ResultProps } from '../hooks/promo-actions';
import { useTermText } from '../hooks/use-term-text';
import { remarkCounter, validateImages, validateRemark } from '../logic/apply-form';
import { bonusTerm } from '../logic/terms';
import { PromoArt } from './promo-art';

/** Refusals that say the page is out of date: the card should show the promotion as it now stands. */
const STALE = /^PROMOTION_(NOT_FOUND|NOT_STARTED|CLOSED|TAKEN|ACTION_INVALID)$/;

/**
 * The application popup (spec §3 / §5 "Activity application", a bottom sheet on phones): a remark of
 * at most 140 characters with a live counter, up to 3 png/jpg images under 5 MB each with previews,
 * checked before anything is sent; the images are uploaded first, then the application goes with
 * their ids and an idempotency key kept across retries.
 */
export const ApplyModal = ({ items }: { items: readonly Promotion[] | undefined }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { props } = useModal<{ id?: string; opened?: number }>(PROMO_MODAL.apply);
  const promotion = items?.find((p) => p.id === props.id);
  return (
    <Modal name={PROMO_MODAL.apply} title={promotion ? t('apply.title', { title: localize(promotion.title) }) : t('apply.title_plain')} size="md" className="pr-modal">
      {promotion ? <ApplyForm key={`${promotion.id}-${props.opened ?? 0}`} promotion={promotion} /> : <p className="pr-note">{t('apply.gone')}</p>}
    </Modal>
  );
};

const ApplyForm = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { applyKeys, showError, symbol } = usePromoActions();
  const termText = useTermText(symbol);
  const problemText = useProblemText(symbol);
  const after = useAfterAction();
  const refresh = useRefreshPromotions();
  const remarkId = useId();
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | undefined>();
  const [images, setImages] = useState<File[]>([]);
  const [imagesError, setImagesError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // One application at a time: a second click (or Enter) while one is on its way does nothing.
  const sending = useRef(false);
  // Images already uploaded keep their id: a retry does not upload them again, and so keeps its key.
  const uploaded = useRef(new Map<File, string>());
  const proof = promotion.terms.proof;
  const counter = remarkCounter(remark);
  const bonus = bonusTerm(promotion);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    setFormError(null);
    const remarkProblem = problemText(validateRemark(remark));
    const imagesProblem = problemText(validateImages(images.length, proof));
    setRemarkError(remarkProblem);
    setImagesError(imagesProblem);
    if (remarkProblem || imagesProblem) return;
    sending.current = true;
    try {
      const imageIds: string[] = [];
      for (const [i, file] of images.entries()) {
        setBusy(t('apply.uploading', { n: i + 1, total: images.length }));
        let id = uploaded.current.get(file);
        if (!id) {
          id = (await uploadImage(file)).id;
          uploaded.current.set(file, id);
        }
        imageIds.push(id);
      }
      setBusy(t('apply.sending'));
      const fields = { promotionId: promotion.id, remark: remark.trim(), imageIds };
      const result = await sendWithKey(applyKeys, fields, (idempotencyKey) => applyPromotion(promotion.id, { remark: fields.remark, imageIds, idempotencyKey }));
      void after(result);
      closeModal(PROMO_MODAL.apply);
      openModal(PROMO_MODAL.result, { step: 'apply', result } satisfies ResultProps);
    } catch (err) {
      if (!isApiError(err) || err.code === 'TRIAL_NEED_REAL_ACCOUNT') {
        showError(err);
        return;
      }
      // The upload's refusals (RECEIPT_*) and the application's own both concern the images.
      const placed = placeServerError(err, ['remark', 'images', 'imageIds', 'receipt']);
      if (placed.fields.remark) setRemarkError(placed.fields.remark);
      const imageProblem = placed.fields.images ?? placed.fields.imageIds ?? placed.fields.receipt;
      if (imageProblem) setImagesError(imageProblem);
      // The server would not take these ids (used elsewhere, gone): they are uploaded afresh next time.
      if (err.code === 'PROMOTION_IMAGES_INVALID') uploaded.current.clear();
      setFormError(placed.form);
      if (STALE.test(err.code)) void refresh();
    } finally {
      sending.current = false;
      setBusy(null);
    }
  };

  return (
    <form className="mc-form pr-apply" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy !== null}>
      <div className="pr-apply__item">
        <PromoArt art={promotion.art} className="pr-apply__art" />
        <div className="pr-apply__about">
          <p className="pr-apply__name">{localize(promotion.title)}</p>
          {bonus && <p className="pr-apply__bonus">{termText(bonus)}</p>}
          <p className="pr-apply__how">{t(promotion.terms.bonus ? 'apply.how_fixed' : 'apply.how_decided')}</p>
        </div>
      </div>

      <div className={`mc-field${remarkError ? ' mc-field--invalid' : ''}`}>
        <label className="mc-field__label" htmlFor={remarkId}>
          {t('apply.remark')}
        </label>
        <div className="mc-field__box mc-field__box--area">
          <textarea
            id={remarkId}
            className="mc-field__input mc-field__textarea"
            rows={4}
            value={remark}
            placeholder={t('apply.remark_placeholder')}
            aria-invalid={remarkError ? true : undefined}
            aria-describedby={`${remarkId}-count${remarkError ? ` ${remarkId}-error` : ''}`}
            disabled={busy !== null}
            onChange={(e) => {
              setRemark(e.target.value);
              setRemarkError(undefined);
            }}
          />
        </div>
        <p id={`${remarkId}-count`} className={`mc-field__hint pr-counter${counter.over ? ' is-over' : ''}`}>
          <span>{t('apply.remark_hint')}</span>
          <span className="num">{t('apply.counter', { used: counter.used, max: counter.max })}</span>
        </p>
        {remarkError && (
          <p id={`${remarkId}-error`} className="mc-field__error" role="alert">
            <Icon name="alert" size={14} />
            {remarkError}
          </p>
        )}
      </div>

      {proof !== 'none' && (
        <ImagePicker
          label={t(proof === 'required' ? 'apply.images_required' : 'apply.images_optional')}
          files={images}
          max={PROMOTION_MAX_IMAGES}
          error={imagesError}
          disabled={busy !== null}
          onChange={(files) => {
            setImages(files);
            setImagesError(undefined);
          }}
        />
      )}

      <p className="pr-note">
        <Icon name="clock" size={14} />
        {t('apply.review_note')}
      </p>
      <FormError message={formError} />
      <div className="mc-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={() => closeModal(PROMO_MODAL.apply)} disabled={busy !== null}>
          {t('apply.cancel')}
        </button>
        <button type="submit" className="btn btn--gold" aria-disabled={busy !== null || undefined}>
          {busy && <span className="mc-spinner" aria-hidden="true" />}
          {busy ?? t('apply.submit')}
        </button>
      </div>
    </form>
  );
};
