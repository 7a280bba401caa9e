import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, TextArrayColumn, TextColumn, UuidColumn } from './column-types';

/**
 * A publishable widget key (docs/widget.md): read-only, one account, shown in web pages by
 * design, so it is stored as is (listings show it again) — unlike API keys, it grants no writes
 * and only what the widget shows, and only to pages on its allowed origins.
 */
@Entity({ name: 'widget_keys' })
@Index('idx_widget_keys_account_id', ['account_id', 'created_at', 'id'])
export class WidgetKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  name!: string;

  @Index('uq_widget_keys_key', { unique: true })
  @TextColumn()
  key!: string;

  /** Origins (scheme://host[:port]) whose pages may embed the widget. */
  @TextArrayColumn()
  allowed_origins!: string[];

  @CreatedAtColumn()
  created_at!: Date;
}
