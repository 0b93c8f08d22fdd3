// Cards and deck loading.
