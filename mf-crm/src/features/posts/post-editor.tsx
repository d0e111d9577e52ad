import { CalendarOutlined, RobotOutlined } from '@ant-design/icons';
import { apiErrorCode, apiErrorIssues, apiErrorText, AppLink, formatVnd, POST_LIMITS, REPEAT_DAYS, type ScheduledPost, vietnamDay } from '@pagemate/shared-contracts';
import { Alert, Button, Checkbox, DatePicker, Drawer, Flex, Form, Grid, Input, InputNumber, Radio, Select, Tag, Typography, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_HREF } from '../../shared/links';
import type { PickablePage } from '../../shared/pages';
import { usePostCreateMutation, usePostDraftMutation, usePostUpdateMutation } from './posts-api';
import { PostImagesField } from './post-images';
import {
  bodyOf,
  describeRepeat,
  fieldOfIssue,
  fieldProblem,
  formatPostTime,
  fromWallClock,
  previewOf,
  REPEAT_UNITS,
  repeatOf,
  type PostFormValues,
} from './post-model';

/** Add mode (a new post, maybe reusing an old one) or update mode (a post with times still to come). */
export type EditorMode = { kind: 'add'; initial: PostFormValues } | { kind: 'update'; post: ScheduledPost; initial: PostFormValues };

interface PostEditorProps {
  mode: EditorMode;
  userId: string;
  pages: PickablePage[];
  onClose(): void;
  /** Saved: how many times it posts on each page (as previewed), on how many pages. */
  onSaved(saved: { total: number; pages: number }): void;
}

const WALL_FORMAT = 'YYYY-MM-DDTHH:mm';
const DAY_FORMAT = 'YYYY-MM-DD';
/** The date picker holds the Vietnam wall clock as a local dayjs: the same fields, never read as an instant. */
const asPickerTime = (wall: string | null | undefined) => ({ value: wall ? dayjs(wall, WALL_FORMAT) : null });
const asPickerDay = (day: string | null | undefined) => ({ value: day ? dayjs(day, DAY_FORMAT) : null });

/**
 * The post form in a drawer: an idea the AI turns into a draft (charged), the content, the pages, the first
 * time (Vietnam), the repetition and its end, the images, and a live preview of the next posting times.
 */
export function PostEditor({ mode, userId, pages, onClose, onSaved }: PostEditorProps) {
  const { t } = useTranslation('crm');
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<PostFormValues>();
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = usePostCreateMutation();
  const [update, updating] = usePostUpdateMutation();
  const watched = Form.useWatch((values: PostFormValues) => values, { form, preserve: true });
  const values: PostFormValues = { ...mode.initial, ...watched };
  const update_ = mode.kind === 'update';
  const saving = creating.isLoading || updating.isLoading;

  const current = (): PostFormValues => ({ ...mode.initial, ...form.getFieldsValue(true) });
  const instagramPageIds = useMemo(() => new Set(pages.filter(({ page, instagramAllowed }) => page.instagram && instagramAllowed).map(({ page }) => page.page_id)), [pages]);
  const rule = (field: keyof PostFormValues): FormRule => ({
    validator: () => {
      const problem = fieldProblem(field, current(), Date.now(), mode.kind === 'update' ? mode.initial.time : null, instagramPageIds);
      return problem
        ? Promise.reject(new Error(t(`posts.form.problems.${problem}`, { max: POST_LIMITS.contentMaxChars, maxIterations: POST_LIMITS.maxIterations, maxEvery: POST_LIMITS.maxEvery })))
        : Promise.resolve();
    },
  });

  async function save() {
    setFormError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const all = current();
    const body = bodyOf(all, userId);
    const result = mode.kind === 'update' ? await update({ ...body, post_id: mode.post.post_id }) : await create(body);
    if (result.error === undefined) {
      onSaved({ total: previewOf(all)?.total ?? 1, pages: all.pageIds.length });
      return;
    }
    const error = result.error;
    const issues = apiErrorIssues(error);
    const unplaced: string[] = [];
    const fields = new Map<keyof PostFormValues, string[]>();
    for (const issue of issues) {
      const field = fieldOfIssue(issue.path, all.endKind);
      if (field) fields.set(field, [...(fields.get(field) ?? []), issue.message]);
      else unplaced.push(issue.message);
    }
    form.setFields([...fields].map(([name, errors]) => ({ name, errors })));
    if (fields.size === 0 || unplaced.length > 0) setFormError([apiErrorText(t, error, 'crm'), ...unplaced].join(' '));
  }

  const preview = previewOf(values);
  const repeating = values.repeatKind !== 'none';
  const pageOptions = useMemo(
    () =>
      pages.map(({ page, sandbox }) => ({
        value: page.page_id,
        title: page.page_name,
        label: (
          <Flex gap={6} align="center">
            <span>{page.page_name}</span>
            {sandbox ? <Tag style={{ marginInlineEnd: 0 }}>{t('posts.sandbox')}</Tag> : null}
          </Flex>
        ),
      })),
    [pages, t],
  );

  return (
    <Drawer
      open
      onClose={onClose}
      title={t(update_ ? 'posts.form.updateTitle' : 'posts.form.addTitle')}
      size={screens.md ? 640 : '100%'}
      maskClosable={false}
      data-testid="post-editor"
      footer={
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type="secondary">{uploading ? t('posts.form.waitUploads') : null}</Typography.Text>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('posts.form.cancel')}</Button>
            <Button type="primary" loading={saving} disabled={uploading} onClick={() => void save()} data-testid="post-save">
              {t(update_ ? 'posts.form.saveUpdate' : 'posts.form.saveAdd')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form<PostFormValues> form={form} layout="vertical" initialValues={mode.initial} requiredMark="optional" scrollToFirstError onFinish={() => void save()}>
        {update_ ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('posts.form.updateNote')} /> : null}
        <IdeaField userId={userId} form={form} />
        <Form.Item
          name="content"
          label={t('posts.form.content')}
          required
          rules={[rule('content')]}
          validateFirst
        >
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 14 }}
            count={{ show: true, max: POST_LIMITS.contentMaxChars }}
            placeholder={t('posts.form.contentPlaceholder')}
            data-testid="post-content"
          />
        </Form.Item>
        <Form.Item name="pageIds" label={t('posts.form.pages')} required rules={[rule('pageIds')]}>
          <Select mode="multiple" options={pageOptions} maxCount={POST_LIMITS.maxPages} placeholder={t('posts.form.pagesPlaceholder')} data-testid="post-pages" optionFilterProp="title" />
        </Form.Item>
        <Form.Item name="channels" label={t('posts.form.channels')} extra={t('posts.form.instagramNeedsImage')} rules={[rule('channels')]}>
          <Checkbox.Group
            data-testid="post-channels"
            options={[
              { value: 'facebook', label: t('posts.channels.facebook') },
              { value: 'instagram', label: t('posts.channels.instagram') },
            ]}
          />
        </Form.Item>
        <div data-testid="post-time">
          <Form.Item
            name="time"
            label={t('posts.form.time')}
            required
            rules={[rule('time')]}
            extra={t('posts.form.timeHint')}
            getValueProps={asPickerTime}
            normalize={(picked: Dayjs | null) => (picked ? picked.format(WALL_FORMAT) : null)}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              style={{ width: '100%', maxWidth: 280 }}
              disabledDate={(day) => day.format(DAY_FORMAT) < vietnamDay(new Date())}
              needConfirm={false}
              suffixIcon={<CalendarOutlined aria-hidden />}
            />
          </Form.Item>
        </div>
        <Form.Item name="repeatKind" label={t('posts.form.repeat')}>
          <Radio.Group
            data-testid="post-repeat"
            options={(['none', 'days', 'custom'] as const).map((kind) => ({ value: kind, label: t(`posts.form.repeatKind.${kind}`) }))}
          />
        </Form.Item>
        {values.repeatKind === 'days' ? (
          <Form.Item name="days" label={t('posts.form.days')} required rules={[rule('days')]}>
            <Checkbox.Group
              data-testid="post-days"
              options={REPEAT_DAYS.map((day) => ({ value: day, label: <span title={t(`posts.weekdayLong.${day}`)}>{t(`posts.weekdayShort.${day}`)}</span> }))}
            />
          </Form.Item>
        ) : null}
        {values.repeatKind === 'custom' ? (
          <Form.Item label={t('posts.form.every')} required>
            <Flex gap={8} align="start">
              <Form.Item name="every" noStyle rules={[rule('every')]}>
                <InputNumber min={1} max={POST_LIMITS.maxEvery} precision={0} style={{ width: 110 }} aria-label={t('posts.form.every')} data-testid="post-every" />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select
                  style={{ width: 140 }}
                  aria-label={t('posts.form.unit')}
                  data-testid="post-unit"
                  options={REPEAT_UNITS.map((unit) => ({ value: unit, label: t(`posts.form.units.${unit}`) }))}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
        ) : null}
        {repeating ? (
          <Form.Item label={t('posts.form.end')} required>
            <Form.Item name="endKind" noStyle>
              <Radio.Group style={{ width: '100%' }} data-testid="post-end">
                <Flex vertical gap={8}>
                  <Flex gap={8} align="center" wrap>
                    <Radio value="iterations">{t('posts.form.endAfter')}</Radio>
                    {values.endKind === 'iterations' ? (
                      <Form.Item name="iterations" noStyle rules={[rule('iterations')]}>
                        <InputNumber
                          min={1}
                          max={POST_LIMITS.maxIterations}
                          precision={0}
                          style={{ width: 110 }}
                          aria-label={t('posts.form.iterations')}
                          suffix={t('posts.form.timesSuffix')}
                          data-testid="post-iterations"
                        />
                      </Form.Item>
                    ) : null}
                  </Flex>
                  <Flex gap={8} align="center" wrap>
                    <Radio value="date">{t('posts.form.endOn')}</Radio>
                    {values.endKind === 'date' ? (
                      <Form.Item
                        name="endDate"
                        noStyle
                        rules={[rule('endDate')]}
                        dependencies={['time']}
                        getValueProps={asPickerDay}
                        normalize={(picked: Dayjs | null) => (picked ? picked.format(DAY_FORMAT) : null)}
                      >
                        <DatePicker format="DD/MM/YYYY" aria-label={t('posts.form.endDate')} data-testid="post-end-date" disabledDate={(day) => day.format(DAY_FORMAT) < vietnamDay(new Date())} />
                      </Form.Item>
                    ) : null}
                  </Flex>
                </Flex>
              </Radio.Group>
            </Form.Item>
          </Form.Item>
        ) : null}
        <Form.Item name="images" label={t('posts.form.images')}>
          <PostImagesField userId={userId} onBusyChange={setUploading} />
        </Form.Item>
        <Preview values={values} preview={preview} />
        {formError ? <Alert type="error" showIcon title={formError} style={{ marginTop: 16 }} data-testid="post-form-error" /> : null}
      </Form>
    </Drawer>
  );
}

function Preview({ values, preview }: { values: PostFormValues; preview: ReturnType<typeof previewOf> }) {
  const { t } = useTranslation('crm');
  const first = fromWallClock(values.time);
  return (
    <section aria-label={t('posts.form.preview')} data-testid="post-preview" style={{ marginTop: 8 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('posts.form.preview')}
      </Typography.Title>
      {!preview || !first || preview.next.length === 0 ? (
        <Typography.Text type="secondary">{t('posts.form.previewEmpty')}</Typography.Text>
      ) : (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary" data-testid="post-preview-summary">
            {describeRepeat(t, {
              repeat: repeatOf(values),
              time: first.toISOString(),
              iterations: values.repeatKind !== 'none' && values.endKind === 'iterations' ? values.iterations : null,
              end_date: values.repeatKind !== 'none' && values.endKind === 'date' ? values.endDate : null,
            })}
            {' — '}
            {t('posts.form.previewTotal', { count: preview.total, pages: values.pageIds.length })}
          </Typography.Text>
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {preview.next.map((time) => (
              <li key={time.toISOString()} data-testid="post-preview-item">
                {formatPostTime(t, time)}
              </li>
            ))}
          </ol>
          {preview.total > preview.next.length ? <Typography.Text type="secondary">{t('posts.form.previewMore', { count: preview.total - preview.next.length })}</Typography.Text> : null}
        </Flex>
      )}
    </section>
  );
}

interface DraftState {
  cost: number;
  previous: string;
}

/** The idea and the AI's draft: the draft replaces the content (undo brings it back) and says what it cost. */
function IdeaField({ userId, form }: { userId: string; form: ReturnType<typeof Form.useForm<PostFormValues>>[0] }) {
  const { t } = useTranslation('crm');
  const [draftPost, drafting] = usePostDraftMutation();
  const [draft, setDraft] = useState<DraftState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const idea = (Form.useWatch('idea', form) as string | undefined) ?? '';

  async function write() {
    setError(null);
    const pageIds = (form.getFieldValue('pageIds') as string[] | undefined) ?? [];
    const result = await draftPost({ user_id: userId, idea: idea.trim(), ...(pageIds[0] ? { page_id: pageIds[0] } : {}) });
    if (result.error !== undefined) {
      setError(result.error);
      return;
    }
    const previous = (form.getFieldValue('content') as string | undefined) ?? '';
    form.setFieldValue('content', result.data.content);
    void form.validateFields(['content']).catch(() => undefined);
    setDraft({ cost: result.data.usage.cost, previous });
  }

  function undo() {
    if (!draft) return;
    form.setFieldValue('content', draft.previous);
    setDraft(null);
  }

  const noFunds = error !== null && apiErrorCode(error) === 'INSUFFICIENT_BALANCE';
  return (
    <Form.Item label={t('posts.form.idea')} extra={t('posts.form.ideaHint')}>
      <Flex vertical gap={8}>
        <Form.Item name="idea" noStyle>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            count={{ show: true, max: POST_LIMITS.ideaMaxChars }}
            placeholder={t('posts.form.ideaPlaceholder')}
            aria-label={t('posts.form.idea')}
            data-testid="post-idea"
          />
        </Form.Item>
        <Flex gap={12} align="center" wrap>
          <Button
            icon={<RobotOutlined aria-hidden />}
            loading={drafting.isLoading}
            disabled={idea.trim() === '' || idea.trim().length > POST_LIMITS.ideaMaxChars}
            onClick={() => void write()}
            data-testid="post-draft"
          >
            {t('posts.form.draft')}
          </Button>
          {draft ? (
            <Typography.Text type="secondary" data-testid="post-draft-cost">
              {t('posts.form.draftDone', { cost: formatVnd(draft.cost) })}{' '}
              <Button type="link" size="small" onClick={undo} style={{ padding: 0 }}>
                {t('posts.form.draftUndo')}
              </Button>
            </Typography.Text>
          ) : null}
        </Flex>
        {error !== null ? (
          <Alert
            type={noFunds ? 'warning' : 'error'}
            showIcon
            data-testid="post-draft-error"
            title={noFunds ? t('posts.form.draftNoFunds') : t('posts.form.draftFailed', { error: apiErrorText(t, error, 'crm') })}
            action={
              noFunds ? (
                <AppLink to={DEPOSIT_HREF} testId="post-draft-topup">
                  {t('posts.form.topUp')}
                </AppLink>
              ) : undefined
            }
          />
        ) : null}
      </Flex>
    </Form.Item>
  );
}
