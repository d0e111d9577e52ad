import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameField } from '../../shared/name-field';
import { textRules } from '../../shared/text-rules';
import { IDENTITY_INFO_FIELDS, IDENTITY_LIMITS, IDENTITY_STORY_FIELDS } from './identity-values';

/** The identity form's fields: name (required), info, story, conversation style and example. */
export function IdentityFields() {
  const { t } = useTranslation('page-manager');
  const short = textRules(IDENTITY_LIMITS.short, { tooLong: t('validation.tooLong', { max: IDENTITY_LIMITS.short }) });
  const long = textRules(IDENTITY_LIMITS.long, { tooLong: t('validation.tooLong', { max: IDENTITY_LIMITS.long }) });
  return (
    <>
      <NameField part="identity" max={IDENTITY_LIMITS.short} />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 600, fontSize: 14 }}>{t('identity.sections.info')}</legend>
        <Row gutter={12}>
          {IDENTITY_INFO_FIELDS.map((field) => (
            <Col key={field} xs={24} sm={12}>
              <Form.Item name={['info', field]} label={t(`identity.info.${field}`)} rules={short}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </fieldset>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 600, fontSize: 14 }}>{t('identity.sections.story')}</legend>
        <Row gutter={12}>
          {IDENTITY_STORY_FIELDS.map((field) => (
            <Col key={field} xs={24} sm={12}>
              <Form.Item name={['story', field]} label={t(`identity.story.${field}`)} rules={long}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </fieldset>
      <Form.Item name="style_conversation" label={t('identity.fields.style_conversation')} rules={long}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={t('identity.placeholders.style_conversation')} />
      </Form.Item>
      <Form.Item name="example_conversation" label={t('identity.fields.example_conversation')} rules={long}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder={t('identity.placeholders.example_conversation')} />
      </Form.Item>
    </>
  );
}
