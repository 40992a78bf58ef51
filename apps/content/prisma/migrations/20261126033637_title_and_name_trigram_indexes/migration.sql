-- CreateIndex
CREATE INDEX "article_title_search_idx" ON "article" USING GIN ("title_search" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "company_name_search_idx" ON "company" USING GIN ("name_search" gin_trgm_ops);
