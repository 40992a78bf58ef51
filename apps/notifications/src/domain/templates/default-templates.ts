import type { TemplateType } from './template-types';

export interface TemplateSource {
  subject: string;
  body: string;
}

/** The frame every built-in body shares: a simple, client-safe layout with inline styles. */
const layout = (content: string): string =>
  [
    '<!DOCTYPE html>',
    '<html>',
    '<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">',
    content,
    '<p style="margin-top:32px;font-size:12px;color:#7b8794;">{{org.name}} · sent by {{app.name}}</p>',
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

const button = (href: string, label: string): string =>
  `<p><a href="${href}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a></p>`;

/** The built-in template of each type: what an organisation starts with and returns to on reset. */
export const DEFAULT_TEMPLATES: Record<TemplateType, TemplateSource> = {
  EMAIL_VERIFICATION: {
    subject: 'Confirm your email address for {{org.name}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Welcome, {{user.firstName}}!</h1>',
        '<p>Please confirm that {{user.email}} is your email address.</p>',
        button('{{verificationUrl}}', 'Confirm my email address'),
        '<p>Or open this link: <a href="{{verificationUrl}}">{{verificationUrl}}</a></p>',
        '<p>The link works for {{expiresInDays}} days. If you did not create an account, ignore this email.</p>',
      ].join('\n'),
    ),
  },
  PASSWORD_RESET: {
    subject: 'Your password reset code: {{code}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Reset your password</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '<p>{{#resend}}As requested, here is a new code. {{/resend}}Use this code to choose a new password:</p>',
        '<p style="font-size:28px;font-weight:bold;letter-spacing:6px;">{{code}}</p>',
        '<p>It is valid for {{expiresInMinutes}} minutes: <a href="{{resetUrl}}">{{resetUrl}}</a></p>',
        '<p>If you did not ask for a password reset, ignore this email: your password stays as it is.</p>',
      ].join('\n'),
    ),
  },
  INVITATION: {
    subject: 'You are invited to join {{org.name}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Join {{org.name}}</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '<p>You have been invited to {{org.name}} as {{role}}.</p>',
        '{{#hasMessage}}<blockquote style="border-left:3px solid #cbd2d9;margin:0;padding-left:12px;">{{message}}</blockquote>{{/hasMessage}}',
        '{{#hasAcceptUrl}}<p>Accept within 7 days{{#accountCreated}}; you will choose your password as you accept{{/accountCreated}}:</p>' +
          button('{{acceptUrl}}', 'Accept the invitation') +
          '{{/hasAcceptUrl}}',
        '{{^hasAcceptUrl}}{{#accountCreated}}<p>An account was created for {{user.email}}. Choose your password to sign in:</p>' +
          button('{{setPasswordUrl}}', 'Set my password') +
          '{{/accountCreated}}',
        '{{^accountCreated}}<p>Sign in with your account {{user.email}}:</p>' + button('{{loginUrl}}', 'Sign in') + '{{/accountCreated}}{{/hasAcceptUrl}}',
      ].join('\n'),
    ),
  },
  WELCOME: {
    subject: 'Welcome to {{org.name}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Welcome, {{user.firstName}}!</h1>',
        '<p>{{org.name}} is ready on {{app.name}}, and you are its owner.</p>',
        '{{#accountCreated}}<p>Your account is {{user.email}}. Choose a password to sign in:</p>' +
          button('{{setPasswordUrl}}', 'Set my password') +
          '<p>You will receive a code by email to confirm it is you.</p>{{/accountCreated}}',
        '{{^accountCreated}}<p>Sign in with your account {{user.email}}:</p>' + button('{{loginUrl}}', 'Sign in') + '{{/accountCreated}}',
      ].join('\n'),
    ),
  },
  EVENT_CONFIRMATION: {
    subject: '{{#waitlisted}}Waiting list: {{/waitlisted}}{{event.title}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">{{event.title}}</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '{{#waitlisted}}<p>The event is full: you are on the waiting list and will hear from us when a place opens.</p>{{/waitlisted}}',
        '{{^waitlisted}}<p>Your registration is confirmed.</p>{{/waitlisted}}',
        '<p>When: {{event.startsAt}}<br>Where: {{event.location}}</p>',
        button('{{event.url}}', 'View the event'),
      ].join('\n'),
    ),
  },
  MEMBERSHIP_RENEWAL: {
    subject: 'Your {{org.name}} membership ends on {{membership.endDate}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Time to renew your membership</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '<p>Your {{membership.type}} membership of {{org.name}} ends on {{membership.endDate}}, in {{membership.daysLeft}} days.{{#isLastReminder}} This is our last reminder.{{/isLastReminder}}</p>',
        '{{#isPaid}}<p>Renewal: {{membership.price}} {{membership.currency}}.</p>{{/isPaid}}',
        button('{{loginUrl}}', 'Renew my membership'),
      ].join('\n'),
    ),
  },
  JOIN_REQUEST_APPROVED: {
    subject: 'Welcome to {{org.name}}: your request was approved',
    body: layout(
      [
        '<h1 style="font-size:20px;">Welcome to {{org.name}}, {{user.firstName}}!</h1>',
        '<p>Your request to join {{org.name}} has been approved: you are now a member.</p>',
        '{{#accountCreated}}<p>An account was created for {{user.email}}. Choose your password to sign in:</p>' +
          button('{{setPasswordUrl}}', 'Set my password') +
          '{{/accountCreated}}',
        '{{^accountCreated}}<p>Sign in with your account {{user.email}}:</p>' + button('{{loginUrl}}', 'Sign in') + '{{/accountCreated}}',
      ].join('\n'),
    ),
  },
  JOIN_REQUEST_REJECTED: {
    subject: 'Your request to join {{org.name}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Your request to join {{org.name}}</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '<p>Thank you for your interest. The administrators of {{org.name}} could not accept your request to join at this time.</p>',
      ].join('\n'),
    ),
  },
  CREATION_INVITATION: {
    subject: 'You are invited to create your organisation on {{app.name}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">Create your organisation</h1>',
        '<p>Hello,</p>',
        '<p>You are invited to create {{#hasSuggestedName}}{{suggestedOrgName}}{{/hasSuggestedName}}{{^hasSuggestedName}}your organisation{{/hasSuggestedName}} on {{app.name}} and to become its owner.</p>',
        button('{{createUrl}}', 'Create my organisation'),
        '<p>The link works once, for {{expiresInDays}} days.</p>',
      ].join('\n'),
    ),
  },
  EVENT_CANCELLED: {
    subject: 'Cancelled: {{event.title}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">{{event.title}} is cancelled</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '<p>We are sorry: the event of {{event.startsAt}} at {{event.location}} will not take place.</p>',
        '{{#hasReason}}<p>Reason: {{reason}}</p>{{/hasReason}}',
      ].join('\n'),
    ),
  },
  EVENT_PUBLISHED: {
    subject: 'New event: {{event.title}}',
    body: layout(
      [
        '<h1 style="font-size:20px;">{{event.title}}</h1>',
        '<p>Hello {{user.firstName}},</p>',
        '<p>{{org.name}} has published a new event.</p>',
        '<p>When: {{event.startsAt}}<br>Where: {{event.location}}</p>',
        button('{{event.url}}', 'View the event'),
      ].join('\n'),
    ),
  },
};
