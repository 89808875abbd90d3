-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.sign_quote(
  p_token_hash bytea, p_signer_name text, p_signer_email text, p_method text, p_strokes jsonb, p_typed_text text,
  p_mention text, p_client_ip text, p_user_agent text, p_document_sha256 text, p_otp_verified boolean, p_evidence jsonb
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  q record;
begin
  select * into q from paraphe.lock_answerable_quote(p_token_hash);
  if q.refusal is not null then
    return q.refusal;
  end if;
  insert into paraphe.signatures (quote_id, company_id, signer_name, signer_email, method, strokes, typed_text, mention,
                                  client_ip, user_agent, document_sha256, otp_verified)
  values (q.id, q.company_id, p_signer_name, p_signer_email, p_method, p_strokes, p_typed_text, p_mention,
          p_client_ip, p_user_agent, p_document_sha256, p_otp_verified);
  insert into paraphe.quote_events (quote_id, company_id, type, data) values (q.id, q.company_id, 'signed', p_evidence);
  update paraphe.quotes set status = 'signed', updated_at = now() where id = q.id;
  return 'signed';
end
$$;
revoke all on function paraphe.sign_quote from public;
grant execute on function paraphe.sign_quote to anon;
