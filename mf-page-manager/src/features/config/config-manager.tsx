import { useGetConfigQuery, useGetIdentityQuery, useGetProcedureQuery, type BotConfig } from '@pagemate/shared-contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityManager } from '../../shared/entity-manager';
import { useCreateConfigMutation, useDeleteConfigMutation, useUpdateConfigMutation } from './config-api';
import { ConfigFields } from './config-fields';
import { configBody, configFormValues, type ConfigFormValues } from './config-values';
import { useUserId } from '@pagemate/shared-contracts';

/** Bot configs of the signed-in user, each naming the procedure and identity it combines. */
export function ConfigManager() {
  const { t } = useTranslation('page-manager');
  const userId = useUserId();
  const skip = !userId;
  const { data = [], isLoading, error } = useGetConfigQuery(userId ?? '', { skip });
  const { data: procedures = [] } = useGetProcedureQuery(userId ?? '', { skip });
  const { data: identities = [] } = useGetIdentityQuery(userId ?? '', { skip });
  const [create] = useCreateConfigMutation();
  const [update] = useUpdateConfigMutation();
  const [remove] = useDeleteConfigMutation();

  const procedureName = (id: string) => procedures.find((procedure) => procedure.procedure_id === id)?.name;
  const identityName = (id: string) => identities.find((identity) => identity.identity_id === id)?.name;
  const missing = <Tag color="warning">{t('config.missingPart')}</Tag>;

  return (
    <EntityManager<BotConfig, ConfigFormValues>
      title={t('configManager.title')}
      entityLabel={t('config.entity')}
      emptyText={t('config.empty')}
      items={data}
      loading={isLoading}
      loadError={error}
      canEdit={Boolean(userId)}
      rowKey={(config) => config.total_id}
      nameOf={(config) => config.name}
      columns={[
        { key: 'name', title: t('config.fields.name'), dataIndex: 'name' },
        { key: 'procedure', title: t('config.fields.procedure'), render: (_v, config) => procedureName(config.procedure_id) ?? missing },
        { key: 'identity', title: t('config.fields.identity'), render: (_v, config) => identityName(config.identity_id) ?? missing },
        { key: 'role', title: t('config.fields.role'), dataIndex: 'role' },
      ]}
      toFormValues={configFormValues}
      fields={<ConfigFields procedures={procedures} identities={identities} />}
      save={(values, editing) => {
        if (!userId) return Promise.reject(new Error('not signed in'));
        return editing ? update(configBody(userId, values, editing.total_id)).unwrap() : create(configBody(userId, values)).unwrap();
      }}
      remove={(config) => (userId ? remove({ user_id: userId, total_id: config.total_id }).unwrap() : Promise.reject(new Error('not signed in')))}
    />
  );
}
