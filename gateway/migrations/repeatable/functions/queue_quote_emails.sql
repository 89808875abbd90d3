-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.queue_quote_emails(q_id uuid, p_emails jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  q record;
  mail jsonb;
begin
  select * into q from paraphe.quotes where id = q_id;
  for mail in select * from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) loop
    if mail ->> 'to' is distinct from q.company ->> 'email' and mail ->> 'to' is distinct from q.content #>> '{client,email}' then
      raise exception 'e-mail recipient is not a party of quote %', q.id using errcode = 'P0001';
    end if;
    insert into paraphe.outbox (company_id, kind, recipient, subject, text_body, html_body, reply_to, attachments, sender_name)
    values (q.company_id, mail ->> 'kind', mail ->> 'to', mail ->> 'subject', mail ->> 'text', mail ->> 'html',
            mail ->> 'replyTo', coalesce(mail -> 'attachments', '[]'::jsonb), mail ->> 'senderName');
  end loop;
end
$$;
revoke all on function paraphe.queue_quote_emails from public;
