module outflank

go 1.26.8
