import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import {
  CreatedAtColumn,
  InstantColumn,
  NullableTextColumn,
  TextArrayColumn,
  TextColumn,
  UpdatedAtColumn,
  UuidColumn,
} from './column-types';

/** An inbound email whose attachments became documents (docs/documents.md "Email"). */
@Entity({ name: 'email_submissions' })
@Index('idx_email_submissions_account_list', ['account_id', 'created_at', 'id'])
export class EmailSubmissionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  subject!: string;

  @NullableTextColumn()
  body!: string | null;

  @TextArrayColumn()
  from!: string[];

  @TextArrayColumn()
  to!: string[];

  @TextArrayColumn()
  cc!: string[];

  @InstantColumn()
  sent_at!: Date | null;

  @NullableTextColumn()
  message_id!: string | null;

  @NullableTextColumn()
  in_reply_to!: string | null;

  @TextArrayColumn()
  references!: string[];

  @NullableTextColumn()
  content_type!: string | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
