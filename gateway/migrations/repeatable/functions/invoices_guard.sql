-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The invoice's own guard: an issued row never changes nor goes, but for getting its rendered PDF
-- once (hash version 2, migration 0024); a draft becomes issued only as the next link of its
-- company's chain, dated no earlier than the previous invoice.
create or replace function paraphe.invoices_guard() returns trigger
language plpgsql set search_path = '' as $$
declare
  previous record;
begin
  if tg_op = 'DELETE' then
    if old.status = 'issued' then
      raise exception 'invoice % is issued: it can never be deleted', old.number using errcode = 'P0001', hint = 'invoice_issued';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and old.status = 'issued' then
    -- The one change an issued invoice accepts: its rendered PDF, once, matching its hash.
    if old.pdf is null and new.pdf is not null and new.pdf_sha256 = encode(sha256(new.pdf), 'hex')
       and to_jsonb(new) - 'pdf' - 'pdf_sha256' = to_jsonb(old) - 'pdf' - 'pdf_sha256' then
      return new;
    end if;
    raise exception 'invoice % is issued: it can never be modified', old.number using errcode = 'P0001', hint = 'invoice_issued';
  end if;
  if new.status = 'issued' then
    if new.company_id is distinct from old.company_id or new.kind is distinct from old.kind
       or new.quote_id is distinct from old.quote_id or new.corrects_invoice_id is distinct from old.corrects_invoice_id then
      raise exception 'an invoice changes company, kind or origin only as a draft' using errcode = 'P0001', hint = 'invoice_issued';
    end if;
    select chain_index, sha256, issue_date into previous from paraphe.invoices
     where company_id = new.company_id and status = 'issued' order by chain_index desc limit 1;
    if new.chain_index is distinct from coalesce(previous.chain_index, 0) + 1
       or new.previous_sha256 is distinct from previous.sha256 then
      raise exception 'invoice % does not follow the last issued invoice of its company', new.number using errcode = 'P0001', hint = 'invoice_chain';
    end if;
    if previous.issue_date is not null and new.issue_date < previous.issue_date then
      raise exception 'invoice % is dated before the previous one', new.number using errcode = 'P0001', hint = 'invoice_chain';
    end if;
  end if;
  return new;
end
$$;
