from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="ranking_groups",
            field=models.JSONField(blank=True, default=dict, verbose_name="variants ranked together"),
        ),
        migrations.AddField(
            model_name="historicalclub",
            name="ranking_groups",
            field=models.JSONField(blank=True, default=dict, verbose_name="variants ranked together"),
        ),
        migrations.AddField(
            model_name="player",
            name="public_initials",
            field=models.BooleanField(
                default=False,
                help_text="At the player's request: pages anyone can open show the initials, not the name.",
                verbose_name="shown by initials on public pages",
            ),
        ),
        migrations.AddField(
            model_name="historicalplayer",
            name="public_initials",
            field=models.BooleanField(
                default=False,
                help_text="At the player's request: pages anyone can open show the initials, not the name.",
                verbose_name="shown by initials on public pages",
            ),
        ),
    ]
