import type { Identity } from '@pagemate/shared-contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityManager } from '../../shared/entity-manager';
import { useCreateIdentityMutation, useDeleteIdentityMutation, useUpdateIdentityMutation } from './identity-api';
import { IdentityFields } from './identity-fields';
import { identityBody, identityFormValues, type IdentityFormValues } from './identity-values';
import { useGetIdentityQuery, useUserId } from '@pagemate/shared-contracts';

/** The AI personalities of the signed-in user: list, create, edit, delete. */
export function IdentityManager() {
  const { t } = useTranslation('page-manager');
  const userId = useUserId();
  const { data = [], isLoading, error } = useGetIdentityQuery(userId ?? '', { skip: !userId });
  const [create] = useCreateIdentityMutation();
  const [update] = useUpdateIdentityMutation();
  const [remove] = useDeleteIdentityMutation();

  return (
    <EntityManager<Identity, IdentityFormValues>
      title={t('identityManager.title')}
      entityLabel={t('identity.entity')}
      emptyText={t('identity.empty')}
      items={data}
      loading={isLoading}
      loadError={error}
      canEdit={Boolean(userId)}
      rowKey={(identity) => identity.identity_id}
      nameOf={(identity) => identity.name}
      columns={[
        { key: 'name', title: t('identity.fields.name'), dataIndex: 'name' },
        { key: 'persona', title: t('identity.sections.info'), render: (_v, identity) => [identity.info.name, identity.info.gender, identity.info.birth_year].filter(Boolean).join(' · ') },
        {
          key: 'style',
          title: t('identity.fields.style_conversation'),
          render: (_v, identity) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 360 }}>{identity.style_conversation}</Typography.Paragraph>,
        },
      ]}
      toFormValues={identityFormValues}
      fields={<IdentityFields />}
      save={(values, editing) => {
        if (!userId) return Promise.reject(new Error('not signed in'));
        return editing
          ? update(identityBody(userId, values, editing.identity_id)).unwrap()
          : create(identityBody(userId, values)).unwrap();
      }}
      remove={(identity) => (userId ? remove({ user_id: userId, identity_id: identity.identity_id }).unwrap() : Promise.reject(new Error('not signed in')))}
    />
  );
}
