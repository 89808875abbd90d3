-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- quote.signed: once the sealed PDF is stored, so that the event carries its SHA-256 (the
-- signature itself is committed a moment earlier; a seal repaired by the jobs sends it then).
create or replace function paraphe.signed_document_webhook() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  signed record;
begin
  select signer_name, signed_at into signed from paraphe.signatures where quote_id = new.quote_id;
  perform paraphe.enqueue_webhook_event(new.company_id, 'quote.signed', new.quote_id, jsonb_build_object(
    'quote', paraphe.webhook_quote_summary(new.quote_id),
    'occurredAt', signed.signed_at,
    'signerName', signed.signer_name,
    'signedPdf', jsonb_build_object('sha256', new.sha256)));
  return null;
end
$$;
