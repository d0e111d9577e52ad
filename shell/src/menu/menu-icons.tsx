import {
  AppstoreOutlined,
  BarsOutlined,
  CommentOutlined,
  DashboardOutlined,
  FacebookOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  IdcardOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  ProfileOutlined,
  RobotOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The route table names icons; the shell owns how they look. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  folder: <FolderOpenOutlined />,
  facebook: <FacebookOutlined />,
  identity: <IdcardOutlined />,
  procedure: <NodeIndexOutlined />,
  config: <SettingOutlined />,
  quote: <ProfileOutlined />,
  post: <ScheduleOutlined />,
  comment: <CommentOutlined />,
  message: <MessageOutlined />,
  client: <UserOutlined />,
  order: <ShoppingCartOutlined />,
  wallet: <WalletOutlined />,
  robot: <RobotOutlined />,
  file: <FileTextOutlined />,
  team: <TeamOutlined />,
  list: <BarsOutlined />,
  widgets: <AppstoreOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined />;
}
