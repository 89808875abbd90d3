-- « Facture d'acompte à la signature »: when the client signs a quote that asks for a deposit,
-- the deposit invoice is issued and e-mailed to the client by itself. Off by default: issuing
-- gives the invoice its number for good, which a professional must have chosen.
alter table paraphe.invoice_settings add column deposit_at_signature boolean not null default false;
comment on column paraphe.invoice_settings.deposit_at_signature is 'Issue and send the deposit invoice by itself when the client signs a quote asking for a deposit.';
