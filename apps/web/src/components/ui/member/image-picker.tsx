import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icons';
import { formatFileSize, validateImageFile, type ImageProblem } from '../../../lib/image-file';
import './member.css';

type Props = {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** 1 for a receipt, 3 for proof images. */
  max: number;
  error?: string;
  hint?: string;
  disabled?: boolean;
};

const usePreviews = (files: File[]) => {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
};

/**
 * Picks png/jpg images under 5 MB (spec §5, §9), checked in the browser by type, size and the file's
 * own first bytes before anything is uploaded; shows a preview of each, removable one by one.
 */
export const ImagePicker = ({ label, files, onChange, max, error, hint, disabled }: Props) => {
  const { t } = useTranslation('member');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `mc-img${id}`;
  const [problem, setProblem] = useState<string | null>(null);
  const previews = usePreviews(files);
  const shownError = problem ?? error;
  const describedBy = [shownError ? `${inputId}-error` : null, `${inputId}-hint`].filter(Boolean).join(' ');
  const full = files.length >= max;

  const describe = (p: ImageProblem, name: string) => t(`image.problem_${p}`, { name });

  const add = async (list: FileList | null) => {
    if (!list?.length) return;
    setProblem(null);
    const picked = Array.from(list);
    const room = max - files.length;
    const accepted: File[] = [];
    for (const file of picked) {
      const p = await validateImageFile(file);
      if (p) {
        setProblem(describe(p, file.name));
        continue;
      }
      if (accepted.length >= room) {
        setProblem(t('image.problem_count', { count: max, max }));
        break;
      }
      accepted.push(file);
    }
    if (accepted.length) onChange(max === 1 ? accepted.slice(0, 1) : [...files, ...accepted]);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className={`mc-field mc-images${max === 1 ? ' mc-images--single' : ''}${shownError ? ' mc-field--invalid' : ''}`}>
      <span className="mc-field__label" id={`${inputId}-label`}>
        {label}
      </span>
      <ul className="mc-images__list" aria-labelledby={`${inputId}-label`}>
        {files.map((file, i) => (
          <li key={`${file.name}-${file.size}-${file.lastModified}`} className="mc-images__item">
            <img src={previews[i]} alt={t('image.preview_of', { name: file.name })} className="mc-images__thumb" />
            <span className="mc-images__meta">
              <span className="mc-images__name">{file.name}</span>
              <span className="mc-images__size">{formatFileSize(file.size)}</span>
            </span>
            <button
              type="button"
              className="mc-images__remove"
              aria-label={t('image.remove', { name: file.name })}
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange(files.filter((_, j) => j !== i));
              }}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
        {!full && (
          <li className="mc-images__add-item">
            <label htmlFor={inputId} className={`mc-images__add${disabled ? ' is-disabled' : ''}`}>
              <Icon name="image" size={22} />
              <span>{files.length ? t('image.add_more') : max === 1 ? t('image.choose_one') : t('image.choose')}</span>
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              className="mc-images__input"
              accept="image/png,image/jpeg"
              multiple={max > 1}
              disabled={disabled}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => void add(e.target.files)}
            />
          </li>
        )}
      </ul>
      <p id={`${inputId}-hint`} className="mc-field__hint">
        {hint ?? t('image.hint', { count: max, max })}
      </p>
      {shownError && (
        <p id={`${inputId}-error`} className="mc-field__error" role="alert">
          <Icon name="alert" size={14} />
          {shownError}
        </p>
      )}
    </div>
  );
};
