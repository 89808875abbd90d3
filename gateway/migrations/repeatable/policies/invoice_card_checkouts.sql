-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_card_checkouts (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_card_checkouts_select on paraphe.invoice_card_checkouts;
create policy invoice_card_checkouts_select on paraphe.invoice_card_checkouts for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
