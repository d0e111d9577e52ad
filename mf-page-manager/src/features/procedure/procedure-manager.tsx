import type { Procedure } from '@pagemate/shared-contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityManager } from '../../shared/entity-manager';
import { useCreateProcedureMutation, useDeleteProcedureMutation, useUpdateProcedureMutation } from './procedure-api';
import { ProcedureFields } from './procedure-fields';
import { procedureBody, procedureFormValues, type ProcedureFormValues } from './procedure-values';
import { useGetProcedureQuery, useUserId } from '@pagemate/shared-contracts';

/** The flows (procedures) of the signed-in user: list, create, edit, delete. */
export function ProcedureManager() {
  const { t } = useTranslation('page-manager');
  const userId = useUserId();
  const { data = [], isLoading, error } = useGetProcedureQuery(userId ?? '', { skip: !userId });
  const [create] = useCreateProcedureMutation();
  const [update] = useUpdateProcedureMutation();
  const [remove] = useDeleteProcedureMutation();

  return (
    <EntityManager<Procedure, ProcedureFormValues>
      title={t('procedureManager.title')}
      entityLabel={t('procedure.entity')}
      emptyText={t('procedure.empty')}
      items={data}
      loading={isLoading}
      loadError={error}
      canEdit={Boolean(userId)}
      rowKey={(procedure) => procedure.procedure_id}
      nameOf={(procedure) => procedure.name}
      columns={[
        { key: 'name', title: t('procedure.fields.name'), dataIndex: 'name' },
        {
          key: 'procedure',
          title: t('procedure.fields.procedure'),
          render: (_v, procedure) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 480 }}>{procedure.procedure}</Typography.Paragraph>,
        },
      ]}
      toFormValues={procedureFormValues}
      fields={<ProcedureFields />}
      save={(values, editing) => {
        if (!userId) return Promise.reject(new Error('not signed in'));
        return editing
          ? update(procedureBody(userId, values, editing.procedure_id)).unwrap()
          : create(procedureBody(userId, values)).unwrap();
      }}
      remove={(procedure) => (userId ? remove({ user_id: userId, procedure_id: procedure.procedure_id }).unwrap() : Promise.reject(new Error('not signed in')))}
    />
  );
}
