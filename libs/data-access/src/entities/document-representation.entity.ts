import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, TextColumn, UpdatedAtColumn, UuidColumn } from './column-types';
import { DocumentEntity } from './document.entity';

/** One extraction of a document: its payload as the schema of `schema_version` describes it. */
@Entity({ name: 'document_representations' })
@Index('idx_document_representations_document', ['account_id', 'document_id', 'created_at'])
export class DocumentRepresentationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn()
  document_id!: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: DocumentEntity;

  @TextColumn()
  schema_version!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
