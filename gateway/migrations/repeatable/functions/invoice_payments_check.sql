-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- A payment belongs to an issued invoice of the same company.
create or replace function paraphe.invoice_payments_check() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not exists (select 1 from paraphe.invoices where id = new.invoice_id and company_id = new.company_id and status = 'issued') then
    raise exception 'payments are recorded on issued invoices only' using errcode = 'P0001', hint = 'invoice_not_issued';
  end if;
  return new;
end
$$;
