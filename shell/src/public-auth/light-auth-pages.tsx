import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  ACCOUNT_PATHS,
  apiErrorSentence,
  homePathFor,
  hrefOf,
  isValidAccountField,
  storeSignIn,
  unverifiedRoleOf,
  type AccountField,
} from '@pagemate/shared-contracts/plain';
import { authRoutePages } from '../pages/auth-route-pages';
import { useCodeCooldown } from '../pages/use-code-cooldown';
import { postToOtherTabs, safeNext } from '../session/tab-channel';
import { AccountCallError, postAccountCall } from './account-call';
import { FormAlert, SubmitButton, submitWith, TextField, useLightForm, type Check } from './form';
import { LightLink } from './light-auth-layout';
import { useLightNavigation, type LightNavigation } from './light-navigation';
import styles from './light-auth.module.css';

export interface LightPageProps {
  /** The API's base URL from `config.json`, read while the page draws. */
  apiBaseUrl: string | Promise<string>;
}

interface LoginAnswer {
  data: { access_token: string; user_features: string[]; list_features: string[] };
}

/** The same checks as the app's forms (form-rules.ts): required, then the contract's rule for the field. */
function accountChecks(t: TFunction) {
  const required: Check = (value) => (value === '' ? t('auth.required') : null);
  const rule =
    (field: AccountField, message: string): Check =>
    (value) =>
      value === '' || isValidAccountField(field, value) ? null : message;
  return {
    required: [required],
    username: [required, rule('username', t('auth.usernameRule'))],
    email: [required, rule('email', t('auth.emailInvalid'))],
    password: [required, rule('password', t('auth.passwordRule'))],
    code: [required, rule('verificationCode', t('auth.codeRule'))],
    sameAs: (other: string): Check[] => [required, (value, values) => (value && value !== values[other] ? t('auth.passwordsDiffer') : null)],
  };
}

/** A failed call as the app says it (`apiErrorText` words the app's failures through the same sentence). */
function failureSentence(t: TFunction, caught: unknown): string {
  if (caught instanceof AccountCallError) {
    if (caught.code === 'NETWORK') return t('common:apiErrors.NETWORK');
    if (caught.code === 'CONFIG') return t('common:errors.configLoad');
    return apiErrorSentence(t, caught.code, caught.retryAfter);
  }
  return t('common:errors.unexpected');
}

/** Runs one call with the page's busy flag and error message. */
function useCall() {
  const { t } = useTranslation('common');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(failureSentence(t, caught));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

/**
 * Signs the browser in as the app's sign-in does (session.ts `startSession`), then opens the app where the
 * session belongs: its start-up reads the stored token.
 */
function enterApp(navigation: LightNavigation, login: LoginAnswer['data'], remember: boolean, next: string | null): void {
  storeSignIn(login, remember, localStorage, sessionStorage);
  postToOtherTabs({ type: 'token', accessToken: login.access_token });
  navigation.go(safeNext(next) ?? hrefOf(homePathFor(unverifiedRoleOf(login.access_token))));
}

function Title({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.secondary}>{subtitle}</p> : null}
    </>
  );
}

export function SignInPage({ apiBaseUrl }: LightPageProps) {
  const { t } = useTranslation('common');
  const navigation = useLightNavigation();
  const checks = accountChecks(t);
  const form = useLightForm({ username: '', password: '' }, { username: checks.required, password: checks.required });
  const [remember, setRemember] = useState(true);
  const call = useCall();

  const submit = () =>
    form.check() &&
    call.run(async () => {
      const { values } = form;
      const answer = await postAccountCall<LoginAnswer>(apiBaseUrl, ACCOUNT_PATHS.login, { username: values.username, password: values.password, remember });
      enterApp(navigation, answer.data, remember, new URLSearchParams(navigation.search).get('next'));
    });

  return (
    <>
      <Title title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} />
      {navigation.notice ? <FormAlert kind="success">{navigation.notice}</FormAlert> : null}
      {call.error ? <FormAlert kind="error">{call.error}</FormAlert> : null}
      <form noValidate onSubmit={submitWith(submit)}>
        <TextField {...form.field('username')} label={t('auth.username')} autoComplete="username" />
        <TextField {...form.field('password')} label={t('auth.password')} type="password" autoComplete="current-password" />
        <label className={styles.checkbox}>
          <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {t('auth.remember')}
        </label>
        <SubmitButton busy={call.busy}>{t('auth.submit')}</SubmitButton>
      </form>
      <p className={styles.after}>
        <LightLink href={hrefOf('/reset-password')}>{t('auth.forgot')}</LightLink>
      </p>
      <p>
        {t('auth.noAccount')} <LightLink href={hrefOf('/sign-up')}>{t('auth.createAccount')}</LightLink>
      </p>
    </>
  );
}

export function SignUpPage({ apiBaseUrl }: LightPageProps) {
  const { t } = useTranslation('common');
  const navigation = useLightNavigation();
  const checks = accountChecks(t);
  const form = useLightForm(
    { user_email: '', verification_code: '', user_name: '', user_pass: '', confirm: '' },
    { user_email: checks.email, verification_code: checks.code, user_name: checks.username, user_pass: checks.password, confirm: checks.sameAs('user_pass') },
  );
  const [accountType, setAccountType] = useState<'user' | 'partner'>('user');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCodeCooldown();
  const sending = useCall();
  const call = useCall();

  const sendCode = () =>
    form.check(['user_email']) &&
    sending.run(async () => {
      const email = form.values.user_email;
      await postAccountCall(apiBaseUrl, ACCOUNT_PATHS.verifyEmail, { user_email: email });
      setSentTo(email);
      startCooldown();
    });

  const submit = () =>
    form.check() &&
    call.run(async () => {
      const { confirm: _confirm, ...values } = form.values;
      await postAccountCall(apiBaseUrl, ACCOUNT_PATHS.registerAccount, { ...values, account_type: accountType });
      const login = await postAccountCall<LoginAnswer>(apiBaseUrl, ACCOUNT_PATHS.login, { username: values.user_name, password: values.user_pass });
      enterApp(navigation, login.data, true, null);
    });

  const error = sending.error ?? call.error;
  return (
    <>
      <Title title={t('auth.signUpTitle')} />
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <form noValidate onSubmit={submitWith(submit)}>
        <TextField
          {...form.field('user_email')}
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          after={
            <button type="button" className={styles.secondaryButton} onClick={() => void sendCode()} disabled={sending.busy || cooldown > 0} aria-busy={sending.busy} data-testid="send-code">
              {cooldown > 0 ? t('auth.resendIn', { seconds: cooldown }) : t('auth.sendCode')}
            </button>
          }
        />
        {sentTo ? <FormAlert kind="info">{t('auth.codeSent', { email: sentTo })}</FormAlert> : null}
        <TextField {...form.field('verification_code')} label={t('auth.verificationCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        <TextField {...form.field('user_name')} label={t('auth.usernameOnly')} hint={t('auth.usernameRule')} autoComplete="username" />
        <TextField {...form.field('user_pass')} label={t('auth.password')} hint={t('auth.passwordRule')} type="password" autoComplete="new-password" />
        <TextField {...form.field('confirm')} label={t('auth.confirmPassword')} type="password" autoComplete="new-password" />
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>{t('auth.accountType')}</legend>
          {(['user', 'partner'] as const).map((type) => (
            <label key={type} className={styles.radio}>
              <input type="radio" name="account_type" value={type} checked={accountType === type} onChange={() => setAccountType(type)} />
              {t(`auth.accountTypes.${type}`)}
            </label>
          ))}
        </fieldset>
        <SubmitButton busy={call.busy}>{t('auth.register')}</SubmitButton>
      </form>
      <p className={styles.after}>
        {t('auth.haveAccount')} <LightLink href={hrefOf('/sign-in')}>{t('menu.signIn')}</LightLink>
      </p>
    </>
  );
}

/** Step 1 of a password reset: the email gets a code; the answer never says whether the account exists. */
export function ResetPasswordPage({ apiBaseUrl }: LightPageProps) {
  const { t } = useTranslation('common');
  const navigation = useLightNavigation();
  const form = useLightForm({ user_email: '' }, { user_email: accountChecks(t).email });
  const call = useCall();
  const submit = () =>
    form.check() &&
    call.run(async () => {
      const email = form.values.user_email;
      await postAccountCall(apiBaseUrl, ACCOUNT_PATHS.requestPasswordReset, { user_email: email });
      navigation.go(`${hrefOf('/create-password')}?email=${encodeURIComponent(email)}`);
    });
  return (
    <>
      <Title title={t('auth.resetTitle')} />
      {call.error ? <FormAlert kind="error">{call.error}</FormAlert> : null}
      <form noValidate onSubmit={submitWith(submit)}>
        <TextField {...form.field('user_email')} label={t('auth.email')} type="email" autoComplete="email" />
        <SubmitButton busy={call.busy}>{t('auth.resetSubmit')}</SubmitButton>
      </form>
      <p className={styles.after}>
        <LightLink href={hrefOf('/sign-in')}>{t('menu.signIn')}</LightLink>
      </p>
    </>
  );
}

/** Step 2: the emailed code and a new password; every session of the account ends. */
export function CreatePasswordPage({ apiBaseUrl }: LightPageProps) {
  const { t } = useTranslation('common');
  const navigation = useLightNavigation();
  const email = new URLSearchParams(navigation.search).get('email') ?? '';
  const checks = accountChecks(t);
  const form = useLightForm(
    { user_email: email, verification_code: '', new_password: '', confirm: '' },
    { user_email: checks.email, verification_code: checks.code, new_password: checks.password, confirm: checks.sameAs('new_password') },
  );
  const call = useCall();
  const submit = () =>
    form.check() &&
    call.run(async () => {
      const { confirm: _confirm, ...values } = form.values;
      await postAccountCall(apiBaseUrl, ACCOUNT_PATHS.resetPassword, values);
      navigation.go(hrefOf('/sign-in'), t('auth.passwordChanged'));
    });
  return (
    <>
      <Title title={t('auth.createPasswordTitle')} subtitle={email ? t('auth.resetSent', { email }) : undefined} />
      {call.error ? <FormAlert kind="error">{call.error}</FormAlert> : null}
      <form noValidate onSubmit={submitWith(submit)}>
        <TextField {...form.field('user_email')} label={t('auth.email')} type="email" autoComplete="email" />
        <TextField {...form.field('verification_code')} label={t('auth.verificationCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        <TextField {...form.field('new_password')} label={t('auth.newPassword')} hint={t('auth.passwordRule')} type="password" autoComplete="new-password" />
        <TextField {...form.field('confirm')} label={t('auth.confirmPassword')} type="password" autoComplete="new-password" />
        <SubmitButton busy={call.busy}>{t('auth.savePassword')}</SubmitButton>
      </form>
    </>
  );
}

/** Two-step verification: the template's form. PageMate has no second factor yet, so submitting says so. */
export function TwoStepPage() {
  const { t } = useTranslation('common');
  const form = useLightForm({ code: '' }, { code: accountChecks(t).code });
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      <Title title={t('auth.twoStepTitle')} subtitle={t('auth.twoStepDescription')} />
      <form noValidate onSubmit={submitWith(() => setSubmitted(form.check()))}>
        <TextField {...form.field('code')} label={t('auth.verificationCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        {submitted ? <FormAlert kind="info">{t('auth.notAvailable')}</FormAlert> : null}
        <SubmitButton busy={false}>{t('auth.verify')}</SubmitButton>
      </form>
    </>
  );
}

/** A page that only says something: a title, a sentence, and where to go from here. */
function Notice({ title, text, action, testId }: { title: string; text?: string; action?: { href: string; label: string }; testId?: string }) {
  return (
    <div className={styles.notice} data-testid={testId}>
      <h1 className={styles.title}>{title}</h1>
      {text ? <p className={styles.secondary}>{text}</p> : null}
      {action ? (
        <LightLink href={action.href} className={styles.primaryButton}>
          {action.label}
        </LightLink>
      ) : null}
    </div>
  );
}

export function LockScreenPage() {
  const { t } = useTranslation('common');
  return <Notice title={t('auth.lockTitle')} action={{ href: hrefOf('/sign-in'), label: t('auth.unlock') }} />;
}

export function ComingSoonPage() {
  const { t } = useTranslation('common');
  return <Notice title={t('auth.comingSoonTitle')} text={t('beingBuilt.description')} />;
}

export function UnderMaintenancePage() {
  const { t } = useTranslation('common');
  return <Notice title={t('auth.maintenanceTitle')} text={t('auth.maintenanceDescription')} />;
}

function errorPage(code: 401 | 404 | 500): ComponentType<LightPageProps> {
  return function ErrorPage() {
    const { t } = useTranslation('common');
    return <Notice testId={`error-${code}`} title={t(`errors.${code}.title`)} text={t(`errors.${code}.description`)} action={{ href: '/', label: t('errors.backHome') }} />;
  };
}

/** The signed-out pages of the authentication layout, keyed like the route table (the app's are in shell-pages.tsx). */
export const LIGHT_AUTH_PAGES = authRoutePages<ComponentType<LightPageProps>>({
  signIn: SignInPage,
  signUp: SignUpPage,
  resetPassword: ResetPasswordPage,
  createPassword: CreatePasswordPage,
  twoStep: TwoStepPage,
  lockScreen: LockScreenPage,
  comingSoon: ComingSoonPage,
  underMaintenance: UnderMaintenancePage,
  error401: errorPage(401),
  error404: errorPage(404),
  error500: errorPage(500),
});
