// The form of one saved item (new or edited): designation, unit, price HT, VAT rate, category.
// Pure view: the page holds the state and saves it.
import type { VatRateBp } from '@paraphe/shared/money'
import type { Unit } from '@paraphe/shared/quote'
import { SAVED_ITEM_LIMITS } from '@paraphe/shared/saved-items'
import type { CatalogFormProps } from '@/hooks/use-catalog-page'
import { InputField, SelectField, TextAreaField } from '@/components/form/form-fields'
import { UNIT_OPTIONS, VAT_OPTIONS } from '@/lib/line-options'
import type { ItemForm, ItemFormProblems } from '../lib/item-form'

/** The catalogue page's form props (hooks/use-catalog-page.ts), with this page's ids and button. */
export interface ItemFormViewProps extends CatalogFormProps<ItemForm, ItemFormProblems> {
  /** Prefix of the controls' ids: the new-item form and an edited row live on one page. */
  idPrefix: string
  submitLabel: string
}

export function ItemFormView({ idPrefix, form, problems, working, submitLabel, onChange, onSubmit, onCancel }: ItemFormViewProps) {
  const set =
    <K extends keyof ItemForm>(key: K) =>
    (value: ItemForm[K]) =>
      onChange({ ...form, [key]: value })
  return (
    <form className="item-form" noValidate onSubmit={onSubmit}>
      <TextAreaField
        id={`${idPrefix}-designation`}
        label="Désignation"
        value={form.designation}
        onChange={set('designation')}
        rows={2}
        maxLength={SAVED_ITEM_LIMITS.designation}
        error={problems.designation}
      />
      <div className="item-form__amounts">
        <SelectField<Unit>
          id={`${idPrefix}-unit`}
          label="Unité"
          value={form.unit}
          options={UNIT_OPTIONS}
          onChange={set('unit')}
          error={problems.unit}
        />
        <InputField
          id={`${idPrefix}-price`}
          label="Prix unitaire HT"
          value={form.unitPrice}
          onChange={set('unitPrice')}
          inputMode="decimal"
          suffix="€"
          placeholder="0,00"
          error={problems.unitPriceCents}
        />
        <SelectField
          id={`${idPrefix}-vat`}
          label="TVA"
          value={String(form.vatRateBp)}
          options={VAT_OPTIONS}
          // The options are the allowed rates.
          onChange={(value) => onChange({ ...form, vatRateBp: Number(value) as VatRateBp })}
          error={problems.vatRateBp}
        />
        <InputField
          id={`${idPrefix}-category`}
          label="Catégorie"
          optional
          value={form.category}
          onChange={set('category')}
          maxLength={SAVED_ITEM_LIMITS.category}
          placeholder="Plomberie, Peinture…"
          error={problems.category}
        />
      </div>
      <p className="actions">
        <button type="submit" className="button button--primary" disabled={working}>
          {submitLabel}
        </button>
        {onCancel === undefined ? null : (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Annuler
          </button>
        )}
      </p>
    </form>
  )
}
