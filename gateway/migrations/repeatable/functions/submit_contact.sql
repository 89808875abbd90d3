-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The one public entry point for the contact form: stores the message and queues its e-mail in
-- one transaction. Security definer with a pinned search_path; anon may only call it.
create or replace function paraphe.submit_contact(
  p_name text, p_email text, p_company text, p_phone text, p_subject text, p_message text,
  p_client_ip text, p_recipient text, p_mail_subject text, p_text_body text, p_html_body text
) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  message_id bigint;
begin
  insert into paraphe.contact_messages (name, email, company, phone, subject, message, client_ip)
  values (p_name, p_email, p_company, p_phone, p_subject, p_message, p_client_ip)
  returning id into message_id;
  insert into paraphe.outbox (kind, recipient, subject, text_body, html_body, reply_to)
  values ('contact', p_recipient, p_mail_subject, p_text_body, p_html_body, p_email);
  return message_id;
end
$$;
revoke all on function paraphe.submit_contact from public;
grant execute on function paraphe.submit_contact to anon;
